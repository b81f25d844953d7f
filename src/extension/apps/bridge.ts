/**
 * The official MCP Apps host bridge, a bundle of its own (dist/appBridge.js, esbuild.config.mjs):
 * with the v2 client's Protocol and the zod it is built on, it is 1.1 MB of code the extension's
 * activation compiled for a view that few sessions open. Required through bridgeLoad.ts when a
 * tool's UI link is first read or an app is first shown.
 */
export { AppBridge, RESOURCE_MIME_TYPE, getToolUiResourceUri } from '@modelcontextprotocol/ext-apps/app-bridge';
