// The VS Code language id of a file, from its name, for the suppression audit outside the editor
// (the CLI walks a tree; the editor has each document's languageId). Only ids the comment syntax
// table (model/commentSyntax.ts) knows are given, with the extensions VS Code's built-in
// language extensions associate with them; `.h` is C++ there, as in VS Code. A file matched by
// none is skipped by the audit (no comment syntax to check a marker against).

const BY_EXTENSION: ReadonlyMap<string, string> = new Map(
  Object.entries({
    javascript: ['js', 'mjs', 'cjs', 'es6'],
    javascriptreact: ['jsx'],
    typescript: ['ts', 'mts', 'cts'],
    typescriptreact: ['tsx'],
    jsonc: ['jsonc', 'code-workspace'],
    csharp: ['cs', 'csx'],
    solidity: ['sol'],
    java: ['java', 'jav'],
    groovy: ['groovy', 'gvy', 'gradle'],
    scala: ['scala', 'sc'],
    kotlin: ['kt', 'kts'],
    swift: ['swift'],
    rust: ['rs'],
    dart: ['dart'],
    go: ['go'],
    c: ['c', 'i'],
    cpp: ['cpp', 'cc', 'cxx', 'c++', 'hpp', 'hh', 'hxx', 'h++', 'h', 'ii', 'ino', 'inl', 'ipp', 'ixx', 'tpp', 'txx'],
    'cuda-cpp': ['cu', 'cuh'],
    'objective-c': ['m'],
    'objective-cpp': ['mm'],
    php: ['php', 'php4', 'php5', 'phtml', 'ctp'],
    fsharp: ['fs', 'fsi', 'fsx', 'fsscript'],
    css: ['css'],
    scss: ['scss'],
    less: ['less'],
    python: ['py', 'pyi', 'pyw', 'rpy', 'gyp', 'gypi'],
    ruby: ['rb', 'rbx', 'rjs', 'gemspec', 'rake', 'ru', 'podspec'],
    perl: ['pl', 'pm', 'pod', 't', 'psgi'],
    shellscript: ['sh', 'bash', 'zsh', 'ksh', 'ebuild'],
    r: ['r', 'rhistory', 'rprofile'],
    julia: ['jl'],
    elixir: ['ex', 'exs'],
    coffeescript: ['coffee', 'cson', 'iced'],
    yaml: ['yaml', 'yml'],
    toml: ['toml'],
    graphql: ['graphql', 'gql', 'graphqls'],
    cmake: ['cmake'],
    powershell: ['ps1', 'psm1', 'psd1', 'pssc', 'psrc'],
    terraform: ['tf', 'tfvars'],
    hcl: ['hcl'],
    dockerfile: ['dockerfile', 'containerfile'],
    makefile: ['mk', 'mak'],
    properties: ['properties', 'cfg', 'conf', 'directory', 'editorconfig', 'gitattributes', 'gitconfig', 'gitmodules'],
    ini: ['ini'],
    bat: ['bat', 'cmd'],
    sql: ['sql', 'dsql'],
    lua: ['lua'],
    haskell: ['hs'],
    clojure: ['clj', 'cljs', 'cljc', 'cljx', 'clojure', 'edn'],
    erlang: ['erl', 'hrl'],
    html: ['html', 'htm', 'shtml', 'xhtml', 'xht', 'mdoc', 'jshtm'],
    xml: ['xml', 'xsd', 'svg', 'plist', 'csproj', 'vbproj', 'props', 'targets', 'xaml', 'wsdl', 'pom', 'resx'],
    xsl: ['xsl', 'xslt'],
  }).flatMap(([language, extensions]) => extensions.map((ext): [string, string] => [ext, language])),
);

/** Whole file names (case-sensitive, as VS Code matches them) that have no telling extension. */
const BY_NAME: ReadonlyMap<string, string> = new Map([
  ['Dockerfile', 'dockerfile'],
  ['Containerfile', 'dockerfile'],
  ['Makefile', 'makefile'],
  ['makefile', 'makefile'],
  ['GNUmakefile', 'makefile'],
  ['CMakeLists.txt', 'cmake'],
  ['Gemfile', 'ruby'],
  ['Rakefile', 'ruby'],
  ['Podfile', 'ruby'],
  ['Vagrantfile', 'ruby'],
  ['Jenkinsfile', 'groovy'],
  ['.bashrc', 'shellscript'],
  ['.bash_profile', 'shellscript'],
  ['.bash_aliases', 'shellscript'],
  ['.profile', 'shellscript'],
  ['.zshrc', 'shellscript'],
  ['.zprofile', 'shellscript'],
]);

/**
 * The language id of the file `path` (any separators; only its last segment counts), or
 * undefined. Extensions are matched without regard to case (`.PY` is Python), the longest
 * first only in the sense that the last dot decides (`a.test.ts` is TypeScript); a name that is
 * only a dot and letters (`.editorconfig`) is its own extension.
 */
export function languageIdForPath(path: string): string | undefined {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const byName = BY_NAME.get(name);
  if (byName) return byName;
  // `Dockerfile.dev`, `api.Dockerfile`: VS Code's docker extension matches both.
  if (/^(?:Docker|Container)file\.|\.(?:docker|container)file$/i.test(name)) return 'dockerfile';
  const dot = name.lastIndexOf('.');
  if (dot === -1 || dot === name.length - 1) return undefined;
  return BY_EXTENSION.get(name.slice(dot + 1).toLowerCase());
}

/** Every extension and file name mapped, with its language id (for the tests' cross-check with the comment table). */
export function mappedNames(): ReadonlyArray<readonly [string, string]> {
  return [...[...BY_EXTENSION].map(([ext, id]) => [`.${ext}`, id] as const), ...BY_NAME];
}
