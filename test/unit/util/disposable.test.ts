import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DisposableStore, Emitter, toDisposable } from '../../../src/core/util/disposable';

test('an Emitter reaches every listener even when one throws, and stops after dispose', () => {
  const emitter = new Emitter<number>();
  const heard: string[] = [];
  const original = console.error;
  console.error = () => undefined;
  try {
    emitter.event(() => {
      throw new Error('bad listener');
    });
    const sub = emitter.event((n) => heard.push(`a${n}`));
    emitter.event((n) => heard.push(`b${n}`));
    emitter.fire(1);
    sub.dispose();
    emitter.fire(2);
    emitter.dispose();
    emitter.fire(3);
    emitter.event((n) => heard.push(`late${n}`));
    emitter.fire(4);
  } finally {
    console.error = original;
  }
  assert.deepEqual(heard, ['a1', 'b1', 'b2']);
});

test('the same function subscribed twice is two subscriptions', () => {
  const emitter = new Emitter<void>();
  let n = 0;
  const listener = () => n++;
  const first = emitter.event(listener);
  emitter.event(listener);
  first.dispose();
  emitter.fire();
  assert.equal(n, 1);
});

test('a DisposableStore disposes all once, and at once what is added after', () => {
  const store = new DisposableStore();
  const done: string[] = [];
  store.add(toDisposable(() => done.push('a')));
  store.add(toDisposable(() => done.push('b')));
  store.dispose();
  store.dispose();
  store.add(toDisposable(() => done.push('late')));
  assert.deepEqual(done, ['a', 'b', 'late']);
});

test('an Emitter changed while it fires behaves as a Set iterated meanwhile: one removed is not reached, one added is', () => {
  const emitter = new Emitter<number>();
  const heard: string[] = [];
  let later: { dispose(): void } | undefined = undefined;
  emitter.event((n) => {
    heard.push(`first${n}`);
    if (n === 1) {
      later!.dispose();
      emitter.event((m) => heard.push(`added${m}`));
    }
  });
  later = emitter.event((n) => heard.push(`removed${n}`));
  emitter.fire(0);
  emitter.fire(1);
  emitter.fire(2);
  assert.deepEqual(heard, ['first0', 'removed0', 'first1', 'added1', 'first2', 'added2']);
});
