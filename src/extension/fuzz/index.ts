export { FUZZ_TOOL_COMMAND, registerFuzzCommand, type FuzzToolArg, type FuzzToolResult } from './fuzzCommand';
