/**
 * Reading a workspace file that a command is about to rewrite (a test file, .mcp.json): only
 * "there is no such file yet" means "start from nothing". Any other failure (a folder by that
 * name, no permission) is thrown to the command, which reports it, so a file that is there is
 * never overwritten unread.
 */
import * as vscode from 'vscode';

/** The file's text, or undefined when it does not exist. */
export async function readTextIfAny(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return undefined;
    throw error;
  }
}
