/**
 * Messages between the tool panel (host) and its webview (media/src/form.ts). Types only:
 * the webview bundle imports this file, so it must stay free of `vscode` and Node.
 */
import type { DraftValue, FieldError, FormModel } from '../../core/schema/formTypes';
import type { AskHostMessage, AskReply } from '../asks/askProtocol';

/** How one tools/call ended, as the lens and the result view show it. JSON-serialisable. */
/** A task (2025-11-25, or the 2026-07-28 tasks extension) as the panel shows it while it runs and after. */
export interface TaskInfo {
  taskId: string;
  status: string;
  statusMessage?: string;
}

export type CallOutcome =
  | {
      kind: 'result';
      ms: number;
      result: Record<string, unknown>;
      isError: boolean;
      output?: OutputCheck;
      clipped?: ClipNote;
      task?: TaskInfo;
    }
  | { kind: 'protocolError'; ms: number; code: number; message: string; data?: unknown }
  | { kind: 'timeout'; ms: number; message: string }
  | { kind: 'cancelled'; ms: number; message: string }
  | { kind: 'closed'; ms: number; message: string }
  | { kind: 'invalidResult'; ms: number; message: string; result: Record<string, unknown>; clipped?: ClipNote }
  | { kind: 'notSent'; message: string };

/**
 * Set on the copy posted to the webview when parts of the result were too big to post
 * (clipResult.ts); the host keeps the full result and opens it on 'openFullResult'.
 */
export interface ClipNote {
  /** By index in content: the block's full size, and whether its text head is shown or nothing. */
  content: Record<number, { bytes: number; preview: 'head' | 'none' }>;
  /** structuredContent was replaced by null; `preview` is the head of its JSON text. */
  structured?: { bytes: number; preview: string };
}

/** structuredContent checked against the tool's outputSchema. */
export interface OutputCheck {
  valid: boolean;
  errors: FieldError[];
  /** structuredContent is missing although the tool declares an outputSchema. */
  missing?: boolean;
}

export interface ToolSummary {
  server: string;
  name: string;
  title?: string;
  description?: string;
  hasOutputSchema: boolean;
  /** The tool can run as a task on this server: "optional" offers it (2026-07-28: any tool of a server advertising the tasks extension), "required" always does (2025-11-25). */
  taskSupport?: 'optional' | 'required';
  /** Identifies the schema: a kept draft is reused only for the same schema. */
  schemaKey: string;
}

export interface ProgressInfo {
  progress: number;
  total?: number;
  message?: string;
}

export type HostMessage =
  | AskHostMessage
  | { type: 'init'; tool: ToolSummary; model: FormModel; lastArgs?: Record<string, unknown>; serverState: string }
  | { type: 'serverState'; state: string }
  | { type: 'validation'; errors: FieldError[]; schemaProblem?: string }
  | { type: 'running'; startedAt: number }
  | { type: 'progress'; progress: ProgressInfo }
  | { type: 'task'; task: TaskInfo }
  | {
      type: 'result';
      outcome: CallOutcome;
      args: Record<string, unknown>;
      /** Run from a command, not this form: the form shows its arguments. */ external?: boolean;
    }
  /** Show the tool's MCP App: a sandbox proxy frame running `proxyScript` (our bundle), which then asks the bridge for the app. */
  | { type: 'appFrame'; uri: string; proxyScript: string; preview?: AppPreview }
  /** The app could not be shown (resource missing, wrong mime type…). */
  | { type: 'appProblem'; uri: string; problem: string }
  /** A JSON-RPC message from the host bridge for the app's frame. */
  | { type: 'appMessage'; message: unknown }
  | { type: 'appSize'; height: number }
  /** The tool has no app (any more): its frame goes. */
  | { type: 'appClear' };

export type WebviewMessage =
  | AskReply
  | { type: 'ready' }
  | { type: 'run'; args: Record<string, unknown>; /** Run as a task (a tool whose taskSupport is "optional"). */ asTask?: boolean }
  | { type: 'validate'; args: Record<string, unknown> }
  | { type: 'cancel' }
  | { type: 'close' }
  | { type: 'openResource'; uri: string }
  | { type: 'openLink'; uri: string }
  | { type: 'openJson'; title: string; value: unknown }
  /** The last result in full (the webview only has a clipped copy). */
  | { type: 'openFullResult' }
  /** The image block at `index` of the last result's content, full size in VS Code's image preview. */
  | { type: 'openImage'; index: number }
  /** The last call, with its result as the snapshot, into the server's test file. */
  | { type: 'saveAsTest' }
  /** What the app's sandbox proxy frame posted: only ever handed to the AppBridge. */
  | { type: 'appMessage'; message: unknown };

/** What the webview keeps with setState (survives the panel being hidden). */
export interface PanelState {
  schemaKey: string;
  draft: DraftValue;
  raw: boolean;
  rawText?: string;
  last?: { outcome: CallOutcome; args: Record<string, unknown> };
}

/** Open App Preview: the app is drawn without running a tool, given this input (a sample from the linking tool's inputSchema). */
export interface AppPreview {
  /** The tool that links the resource, when the server lists one. */
  tool?: string;
  input: Record<string, unknown>;
}
