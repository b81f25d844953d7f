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
  run(workbench: Workbench): Promise<void>;
}
