// One process for several unit test files (test/run-all.sh deals them out): each file is
// imported in turn and node:test runs its tests here. A file that cannot be loaded is a failing
// test of its own, and the files after it still run.
import { test } from 'node:test';

/** @param {string[]} files file: URLs of test files */
export async function load(files) {
  for (const file of files) {
    try {
      await import(file);
    } catch (error) {
      test(`${file} loads`, () => {
        throw error;
      });
    }
  }
}
