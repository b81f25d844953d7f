/**
 * Messages between a resource or prompt panel (host) and its webview (media/src/resources.ts).
 * Types only: the webview bundle imports this file, so it stays free of `vscode` and Node.
 */
import type { ResourcePart } from '../../core/resources/contents';

/** One field of the form: a template variable or a prompt argument. */
export interface FieldSpec {
  name: string;
  /** How it is written in the template (`{?units}`), for templates. */
  syntax?: string;
  description?: string;
  required: boolean;
  /** An exploded template variable takes a comma-separated list. */
  list?: boolean;
}

export type PanelSubject =
  | { kind: 'template'; uriTemplate: string; name: string; title?: string; description?: string; mimeType?: string }
  | { kind: 'resource'; uri: string; name?: string; title?: string; description?: string; mimeType?: string }
  | { kind: 'prompt'; name: string; title?: string; description?: string };

/** How a resources/read ended. Parts are clipped for the webview (the host keeps the whole). */
export type ReadOutcome =
  | { kind: 'read'; ms: number; uri: string; parts: ResourcePart[]; clipped?: boolean }
  | {
      kind: 'protocolError';
      ms: number;
      uri: string;
      code: number;
      message: string;
      data?: unknown;
      explanation: string;
      notFound: boolean;
    }
  | { kind: 'failed'; uri: string; message: string };

export type PromptOutcome =
  | { kind: 'messages'; ms: number; description?: string; messages: { role: string; content: unknown }[] }
  | { kind: 'protocolError'; ms: number; code: number; message: string; data?: unknown }
  | { kind: 'failed'; message: string };

export type HostMessage =
  | {
      type: 'init';
      server: string;
      subject: PanelSubject;
      fields: FieldSpec[];
      values: Record<string, string>;
      completions: boolean;
      serverState: string;
      canSubscribe: boolean;
      watchVia?: 'subscribe' | 'listen';
    }
  | { type: 'serverState'; state: string }
  | { type: 'expanded'; uri?: string; error?: string }
  | { type: 'suggestions'; field: string; value: string; values: string[]; total?: number; hasMore?: boolean; error?: string }
  | { type: 'busy' }
  | { type: 'read'; outcome: ReadOutcome; values?: Record<string, string> }
  | { type: 'prompt'; outcome: PromptOutcome; values: Record<string, string> }
  | { type: 'watching'; uri?: string; updates: number; changed?: string };

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'input'; values: Record<string, string> }
  | { type: 'complete'; field: string; value: string; values: Record<string, string> }
  | { type: 'submit'; values: Record<string, string> }
  | { type: 'openText'; index: number }
  | { type: 'saveBlob'; index: number }
  | { type: 'openResource'; uri: string }
  | { type: 'openJson' }
  | { type: 'watch'; on: boolean };
