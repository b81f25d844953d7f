import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/**
 * The AppBridge's transport: JSON-RPC messages between the bridge (here, in the extension
 * host) and the app's frame, carried by the tool panel's webview. The webview relays only
 * what its sandbox proxy frame posts; the bridge parses and validates every message, so
 * nothing the app sends is acted on except through the official bridge.
 */
export class WebviewTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private closed = false;

  constructor(
    private readonly post: (message: JSONRPCMessage) => void,
    private readonly seen: (message: unknown, toApp: boolean) => void,
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    this.seen(message, true);
    this.post(message);
  }

  /** A message the webview relayed from the app's frame. */
  receive(message: unknown): void {
    if (this.closed) return;
    this.seen(message, false);
    if (!message || typeof message !== 'object' || (message as { jsonrpc?: unknown }).jsonrpc !== '2.0') {
      this.onerror?.(new Error('The app sent a message that is not JSON-RPC 2.0'));
      return;
    }
    this.onmessage?.(message as JSONRPCMessage);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}
