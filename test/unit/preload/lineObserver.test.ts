import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isProtocolLine, LineObserver } from '../../../src/core/preload/lineObserver';

/** Each write's "site" is its index, so a test can see which write a stray line was blamed on. */
function observe(writes: readonly string[], end = true): { text: string; site: number; partial: boolean }[] {
  const strays: { text: string; site: number; partial: boolean }[] = [];
  let current = -1;
  const observer = new LineObserver<number>(
    () => current,
    (text, site, partial) => strays.push({ text, site, partial }),
  );
  writes.forEach((text, index) => {
    current = index;
    observer.write(text);
  });
  if (end) observer.end();
  return strays;
}

const message = '{"jsonrpc":"2.0","id":1,"result":{}}';

describe('LineObserver', () => {
  it('reports nothing for protocol lines, however they are chunked', () => {
    const text = `${message}\n${message}\r\n`;
    for (let cut = 0; cut <= text.length; cut += 1) {
      assert.deepEqual(observe([text.slice(0, cut), text.slice(cut)]), [], `cut at ${cut}`);
    }
  });

  it('blames a glued line on the write that began it', () => {
    assert.deepEqual(observe(['ready ', `${message}\n`]), [{ text: `ready ${message}`, site: 0, partial: false }]);
  });

  it('blames each line of one write on that write', () => {
    assert.deepEqual(observe([`${message}\nfirst\nsecond\n`]), [
      { text: 'first', site: 0, partial: false },
      { text: 'second', site: 0, partial: false },
    ]);
  });

  it('blames a line that a later write finishes on the write that began it', () => {
    assert.deepEqual(observe([`${message}\nloading`, '...', ' done\n']), [{ text: 'loading... done', site: 0, partial: false }]);
  });

  it('reports a \\r\\n line without its \\r, as the wire framer shows it', () => {
    assert.deepEqual(observe(['banner\r\n', 'tail\r']), [
      { text: 'banner', site: 0, partial: false },
      { text: 'tail', site: 1, partial: true },
    ]);
  });

  it('reports a final line with no newline as partial, only at the end', () => {
    assert.deepEqual(observe(['bye'], false), []);
    assert.deepEqual(observe(['bye']), [{ text: 'bye', site: 0, partial: true }]);
    assert.deepEqual(observe([message]), []);
  });

  it('judges a line past the size cap by its head', () => {
    const strays: string[] = [];
    const observer = new LineObserver<number>(() => 0, (text) => strays.push(text), 64);
    observer.write(`{"jsonrpc":"2.0","id":1,"result":{"blob":"${'x'.repeat(200)}"}}\n`);
    observer.write(`${'y'.repeat(200)}\n`);
    assert.deepEqual(strays, ['y'.repeat(64)]);
  });
});

describe('isProtocolLine', () => {
  it('is "a JSON object with jsonrpc" and nothing else', () => {
    assert.equal(isProtocolLine(message), true);
    assert.equal(isProtocolLine(`  ${message}\r`), true);
    assert.equal(isProtocolLine('{"level":30,"msg":"listening"}'), false);
    assert.equal(isProtocolLine('[{"jsonrpc":"2.0"}]'), false);
    assert.equal(isProtocolLine('{'), false);
    assert.equal(isProtocolLine(''), false);
    assert.equal(isProtocolLine('ready'), false);
  });
});
