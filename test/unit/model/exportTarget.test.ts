// Where Export Issues… proposes to write: Downloads, else home; never inside a workspace folder.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { exportFileName, exportFolder } from '../../../src/model/export/exportTarget';

describe('the export target', () => {
  let home: string;
  const isDirectory = (dir: string) => statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true;

  beforeEach(() => {
    home = mkdtempSync(path.join(tmpdir(), 'sfr-home-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it("is the home folder's Downloads when it exists, else the home folder", () => {
    const repo = path.join(home, 'src', 'payments-api');
    mkdirSync(repo, { recursive: true });
    assert.equal(exportFolder(home, isDirectory, [repo]), home, 'no Downloads: home');
    mkdirSync(path.join(home, 'Downloads'));
    assert.equal(exportFolder(home, isDirectory, [repo]), path.join(home, 'Downloads'));
  });

  it('is never inside a workspace folder', () => {
    mkdirSync(path.join(home, 'Downloads'));
    // A workspace opened at Downloads: home instead.
    assert.equal(exportFolder(home, isDirectory, [path.join(home, 'Downloads')]), home);
    // A workspace opened at the home folder (or above it): nothing to propose, the dialog chooses.
    assert.equal(exportFolder(home, isDirectory, [home]), undefined);
    assert.equal(exportFolder(home, isDirectory, [path.dirname(home)]), undefined);
    // A sibling whose name starts the same is not inside.
    assert.equal(exportFolder(home, isDirectory, [`${home}-other`]), path.join(home, 'Downloads'));
  });

  it('proposes nothing without a home folder', () => {
    assert.equal(
      exportFolder('', () => true, []),
      undefined,
    );
  });

  it('names the file after the project and scanner, in characters every file system takes', () => {
    assert.equal(exportFileName('payments api', 'SonarQube', 'csv'), 'payments-api-SonarQube-issues.csv');
    // No separator survives: the name stays one file in the folder.
    assert.equal(exportFileName('../../etc/passwd', 'Snyk', 'sarif'), '..-..-etc-passwd-Snyk-issues.sarif');
    assert.equal(exportFileName('a\\b:c', 'Snyk', 'csv'), 'a-b-c-Snyk-issues.csv');
    assert.equal(exportFileName('Zahlungs-API «neu»', 'Checkmarx One', 'json'), 'Zahlungs-API-neu-Checkmarx-One-issues.json');
  });
});
