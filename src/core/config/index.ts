export * from './types';
export { parseConfig } from './parse';
export { loadConfigs, type LoadOptions, type LoadedConfig } from './load';
export { resolveServer, InputCancelledError, type ResolveContext, type ResolvedServer, type ResolveResult } from './resolve';
export { parseEnvFile } from './envFile';
export { expandVariables, checkVariables, inputIds } from './variables';
export {
  claudeDesktopConfigPath,
  configFilesFor,
  displayName,
  userConfigFiles,
  vscodeUserDir,
  WORKSPACE_CONFIGS,
  type PlatformInfo,
  type UserPlaces,
} from './locations';
