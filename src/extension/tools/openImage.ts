import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { isRecord } from '../../core/schema/isRecord';
import { say, showWarning } from '../shown';

/**
 * The raster types VS Code's image preview draws, by the file extension it knows them by. An
 * SVG is left out: it is a document that can hold script, and the panel already shows it.
 */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};

/** Where opened images are written: one file per server, tool and block, written again by the next run. */
const FOLDER = join(tmpdir(), 'mcp-lens-images');

/**
 * An image block of a tool result at full size, in VS Code's image preview beside the panel
 * (a screenshot tool's 1900 px page is a thumbnail in the panel). `label` names the file.
 */
export async function openImage(label: string, block: unknown): Promise<void> {
  if (!isRecord(block) || block.type !== 'image' || typeof block.data !== 'string') return;
  const mime = typeof block.mimeType === 'string' ? block.mimeType.toLowerCase() : '';
  const extension = EXTENSIONS[mime];
  if (!extension) {
    await showWarning(
      say`The image is not opened: VS Code previews PNG, JPEG, GIF, WebP and BMP, and its mimeType is ${JSON.stringify(mime)}.`,
    );
    return;
  }
  await mkdir(FOLDER, { recursive: true });
  const file = join(FOLDER, `${label.replace(/[^\w.-]+/g, '_').slice(0, 120)}.${extension}`);
  await writeFile(file, Buffer.from(block.data, 'base64'));
  await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file), { viewColumn: vscode.ViewColumn.Beside, preview: true });
}
