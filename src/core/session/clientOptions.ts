import type { Trace } from '../trace/trace';
import type { HttpTransportOptions } from '../transport/http';
import type { TransportOptions } from '../transport/stdio';
import type { Elicit } from './elicitation';
import type { Root } from './roots';
import type { Sample } from './sampling';

/** What McpClient learns of a server at connect(), and what it is built with. */

export interface ServerInfo {
  era: 'modern' | 'legacy';
  protocolVersion: string;
  capabilities: Record<string, unknown>;
  serverInfo?: { name: string; version: string };
  instructions?: string;
}

export interface ClientOptions {
  trace?: Trace;
  clientInfo?: { name: string; version: string };
  /**
   * A client profile's capabilities (what a given host declares, extensions included), sent
   * in place of the ones MCP Lens derives from its answerers: the server then sees that host.
   * An ask the profile declares but nothing here answers is refused all the same.
   */
  declare?: Record<string, unknown>;
  /** Per-request timeout, restarted by progress. Default 30 000 ms. */
  requestTimeoutMs?: number;
  /** The bound no progress can extend a request beyond. Default 10 × requestTimeoutMs. */
  maxTimeoutMs?: number;
  /**
   * How long the server/discover probe waits, once the server has written anything (stdout or
   * stderr), before taking it for legacy. Default 3000 ms, or the request timeout if shorter.
   */
  probeTimeoutMs?: number;
  /** The probe's bound for a server that has written nothing yet (still starting). Default 10 000 ms, or the request timeout if shorter; never below probeTimeoutMs. */
  probeMaxWaitMs?: number;
  /** What roots/list is answered with; when given, the client declares `roots` (setRoots changes them). */
  roots?: Root[];
  /** Answers elicitation/create (form mode); when given, the client declares the elicitation capability. */
  elicit?: Elicit;
  /** `elicit` also answers URL-mode elicitations (it shows the URL and opens it only on request): declares `elicitation.url`. */
  elicitUrl?: boolean;
  /** Answers sampling/createMessage; when given, the client declares `sampling`. */
  sample?: Sample;
  /** `sample` shows a request's `tools` and can reply with tool_use content: declares `sampling.tools`. */
  sampleTools?: boolean;
  /** The first request id: a restarted server's client sharing its predecessor's trace continues its ids, so one trace never holds two requests with one id. Default 1. */
  firstId?: number;
  /** Modern revisions to offer, preferred first (tests offer an unknown one to exercise -32022); none: legacy `initialize` only, no era probe. */
  modernVersions?: string[];
  transport?: TransportOptions;
  /** Options of the Streamable HTTP transport, used when the spec has a `url`. */
  http?: HttpTransportOptions;
}

/**
 * How long server/discover waits on stdio: 3 s once the server has written something, 10 s of
 * silence at most (a cold start), never past the request timeout a person set. The editor and
 * the CLI take their defaults from here.
 */
export function probeBounds(requestTimeoutMs: number): { probeTimeoutMs: number; probeMaxWaitMs: number } {
  return { probeTimeoutMs: Math.min(3000, requestTimeoutMs), probeMaxWaitMs: Math.min(10_000, requestTimeoutMs) };
}
