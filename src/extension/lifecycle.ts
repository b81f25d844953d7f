import type * as vscode from 'vscode';

/**
 * Owns registrations of one lifetime. Registering on an owner that is already disposed
 * disposes the newcomer at once, so a late async registration cannot leak.
 */
export class Disposable implements vscode.Disposable {
  private readonly registrations: vscode.Disposable[] = [];
  private disposed = false;

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  protected register<T extends vscode.Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.registrations.push(item);
    return item;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    // Reverse order: later registrations may depend on earlier ones.
    for (const item of this.registrations.splice(0).reverse()) {
      try {
        item.dispose();
      } catch (error) {
        console.error('MCP Lens: dispose threw', error);
      }
    }
  }
}
