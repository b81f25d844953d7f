// The preload launch moved to the core (the CLI's `mcp-lens test` uses it too).
export { preparePreload, type PreloadRun } from '../core/preload/run';
