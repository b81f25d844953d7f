// The shape of one end-to-end test: a workspace to open and the steps a person would take.
import type { Workbench } from './workbench';

export interface E2eTest {
  /** Also the screenshot folder: test-results/e2e/<name>/. */
  name: string;
  /** Folder opened in the workbench (a copy of it, so the test may change files). */
  workspace: string;
  /**
   * An extension loaded from its folder beside the installed VSIX (the scripted language model
   * of the eval tests). One only: code-server keeps a single extensionDevelopmentPath.
   */
  developmentExtension?: string;
  /**
   * Tests that name the same window (and open the same workspace) run one after the other, in
   * the order the files and their tests are loaded, in one VS Code: the first opens it, each next
   * one starts where the one before left it, with the editors, the panel, the notifications and
   * the running servers closed (Workbench.closeWhatIsOpen). A window is most of an e2e test's cost
   * (about 10 CPU-s of VS Code starting and settling, whatever the test does), so tests whose
   * steps do not disturb each other share one. Each must still pass alone: a failed test is run
   * again, and the tests after it go on, in a fresh window.
   */
  window?: string;
  run(workbench: Workbench): Promise<void>;
}
