export { diagnostic, setDiagnosticMessage } from './diagnostic';
export { askText, type InputOptions } from './input';
export { SafeMarkdown } from './markdown';
export { askModal, showError, showInfo, showStatus, showWarning } from './notify';
export { pickFolder, pickMany, pickOne, type PickItem, type PickOptions } from './pick';
export { setTestError, testItem, testMessage } from './testing';
export { codeLens, describe, setTooltip, setViewDescription, setViewMessage, tabTitle, treeItem } from './tree';
export { name, render, say, Text, untrusted } from './text';
export type { Surface } from './text';
