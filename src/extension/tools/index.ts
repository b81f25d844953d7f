import type * as vscode from 'vscode';
import type { AskBroker } from '../asks/askBroker';
import type { Log } from '../log';
import type { ServerRegistry } from '../serverRegistry';
import { JsonDocuments } from './jsonDocuments';
import { LastArgsStore } from './lastArgs';
import { registerToolCommands } from './toolCommands';
import { ToolLensProvider } from './toolLenses';
import { ToolPanels } from './toolPanels';
import { ToolRunner } from './toolRunner';
import { ResourcePanels } from '../resources/resourcePanels';
import { registerAppPreview } from '../apps/appPreviewCommand';
import { registerSkillCommands } from '../skills/openSkill';

/** Code lenses, tool forms and the run / raw message / resource / prompt commands (issue 5). */
export function registerTools(context: vscode.ExtensionContext, registry: ServerRegistry, log: Log, asks: AskBroker): vscode.Disposable[] {
  const runner = new ToolRunner(registry, new LastArgsStore(context.workspaceState), log);
  const documents = new JsonDocuments();
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  const panels = new ToolPanels({ extensionUri: context.extensionUri, runner, documents, asks, log, version });
  asks.setToolSurfaces((entry) => panels.runningFor(entry));
  const resources = new ResourcePanels({ extensionUri: context.extensionUri, runner, documents, log });
  const lenses = new ToolLensProvider(registry, runner);
  return [
    runner,
    documents,
    panels,
    resources,
    lenses,
    ...registerToolCommands({ resources, registry, runner, panels, documents, log }),
    ...registerAppPreview({ extensionUri: context.extensionUri, runner, log, version, registry }),
    ...registerSkillCommands({ registry, documents, log }),
  ];
}
