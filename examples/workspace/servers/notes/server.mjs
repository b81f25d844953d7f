// A notes server written the way most MCP servers are: with the official TypeScript SDK
// (@modelcontextprotocol/sdk), McpServer.registerTool and zod schemas. Its dependencies are
// installed by `npm run example` (npm ci in examples/workspace). It keeps its notes in memory.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'example-notes', version: '1.0.0' });

/** id → note; two to start with, so list_notes has something to show. */
const notes = new Map([
  [1, { id: 1, title: 'Groceries', body: 'Oat milk, rye bread, apples', tags: ['home'] }],
  [2, { id: 2, title: 'Release 0.2.0', body: 'Icon, CHANGELOG, walkthrough', tags: ['work'] }],
]);

const Note = { id: z.number().int(), title: z.string(), body: z.string(), tags: z.array(z.string()) };

server.registerTool(
  'add_note',
  {
    title: 'Add a note',
    description: 'Saves a note and answers with its id.',
    inputSchema: {
      title: z.string().min(1).describe('A short title'),
      body: z.string().describe('The text of the note'),
      tags: z.array(z.string()).default([]).describe('Words to find it by'),
    },
    outputSchema: Note,
  },
  async ({ title, body, tags }) => {
    const id = Math.max(0, ...notes.keys()) + 1;
    const note = { id, title, body, tags };
    notes.set(id, note);
    // Log to stderr: stdout carries only protocol messages.
    console.error(`added note ${id}`);
    return { content: [{ type: 'text', text: `Saved note ${id}: ${title}` }], structuredContent: note };
  },
);

server.registerTool(
  'list_notes',
  {
    title: 'List notes',
    description: 'Titles of the saved notes, optionally only those with a tag.',
    inputSchema: { tag: z.string().optional().describe('Only notes with this tag') },
  },
  async ({ tag }) => {
    const found = [...notes.values()].filter((n) => tag === undefined || n.tags.includes(tag));
    const text = found.length ? found.map((n) => `#${n.id} ${n.title} [${n.tags.join(', ')}]`).join('\n') : 'No notes.';
    return { content: [{ type: 'text', text }] };
  },
);

server.registerTool(
  'get_note',
  {
    title: 'Read a note',
    description: 'One note by id. An unknown id is a tool error (isError), which the model can correct.',
    inputSchema: { id: z.number().int().positive().describe('The id list_notes shows') },
    outputSchema: Note,
  },
  async ({ id }) => {
    const note = notes.get(id);
    if (!note) return { content: [{ type: 'text', text: `No note ${id}. Ids: ${[...notes.keys()].join(', ')}` }], isError: true };
    return { content: [{ type: 'text', text: `${note.title}\n\n${note.body}` }], structuredContent: note };
  },
);

server.registerResource('all-notes', 'notes://all', { title: 'Every note', mimeType: 'application/json' }, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify([...notes.values()], null, 2) }],
}));

server.registerPrompt(
  'summarize',
  { title: 'Summarize notes', description: 'Asks the model for a summary of the notes with a tag', argsSchema: { tag: z.string() } },
  ({ tag }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Summarize my notes tagged "${tag}".` } }] }),
);

await server.connect(new StdioServerTransport());
console.error('notes server ready on stdio');
