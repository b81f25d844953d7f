// The stray-stdout preloads, seen from the client: launch with them, read what they report,
// map it to the user's source.
export { injectPreload, preloadEnv, preloadRuntimes, type InjectOptions, type LaunchSpec, type PreloadRuntime } from './launch';
export { createSideChannelPath, readSideChannel, removeSideChannel, type SideChannelReader } from './sideChannel';
export { mapStack, mapToSource, type SourceFrame } from './sourceMap';
export { userFrame } from './stackFrames';
export { strayEvent } from './strayEvent';
export { preloadAssets, packageRoot, type PreloadAssets } from './assets';
export type { StackFrame, StrayRecord } from './record';
