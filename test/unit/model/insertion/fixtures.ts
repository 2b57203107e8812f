// Real-looking files for the insertion oracle, one per language, with lines in every context
// that matters: code, multi-line strings, template literals and their ${…}, heredocs,
// f-strings, JSX children and attributes, PHP's HTML mode, <script>/<style>/<pre>, workflow
// `run:` scripts and other block scalars, line continuations, raw strings, nested comments.
// Every line of each file is a target.

export interface Fixture {
  name: string;
  languageId: string;
  text: string;
}

export const FIXTURES: Fixture[] = [
  {
    name: 'TSX component',
    languageId: 'typescriptreact',
    text: `import React from 'react';

export function Profile({ user, html, items }: Props) {
  const query = \`SELECT * FROM users
    WHERE id = \${user.id}
    AND name = '\${user.name}'\`;
  const label = 'single ' +
    "double";
  return (
    <div className="profile"
      title={user.title}>
      <p>{user.name}</p>
      Hello {user.first}
      and welcome
      <span dangerouslySetInnerHTML={{ __html: html }} />
      {items.map((i) => (
        <li key={i}>{i}</li>
      ))}
      <>
        fragment text
      </>
    </div>
  );
}
/* block
   comment */
const re = /ab+c/g;
const generic = <T,>(x: T) => x;
`,
  },
  {
    name: 'JSX in a .js file',
    languageId: 'javascriptreact',
    text: `const App = ({ name }) => {
  const msg = \`Hi
\${name}!\`;
  return (
    <section
      id="main">
      Welcome, {name}
      <a href={\`/u/\${name}\`}>profile</a>
    </section>
  );
};
export default App;
`,
  },
  {
    name: 'TypeScript service',
    languageId: 'typescript',
    text: `import { db } from './db';

enum Kind { A = 1, B }

@Injectable()
export class Repo<T extends { id: string }> {
  find(id: string): Promise<T> {
    const sql = \`SELECT *
      FROM t WHERE id = \${id}\`;
    return db.query(sql, [
      id,
    ]);
  }
}
const s = 'it\\'s';
type X = \`a\${string}\`;
`,
  },
  {
    name: 'PHP with HTML',
    languageId: 'php',
    text: `<html>
<body>
<p><?php echo $_GET["q"]; ?></p>
<?php
$sql = "SELECT * FROM t
  WHERE id = $id";
$h = <<<EOT
Name: {$name}
EOT;
function f($a) {
    return $a . 'x';
}
?>
<div>tail</div>
</body>
</html>
`,
  },
  {
    name: 'PHP strict types',
    languageId: 'php',
    text: `<?php declare(strict_types=1);

namespace App;

final class Query
{
    public function run(string $id): string
    {
        return 'SELECT ' . $id;
    }
}
`,
  },
  {
    name: 'HTML page',
    languageId: 'html',
    text: `<!DOCTYPE html>
<html>
<head>
  <style>
    body { color: red; }
    .x::after { content: "a"; }
  </style>
</head>
<body>
  <p class="intro"
     title="t">Hello
  world</p>
  <pre>
  keep   this
  </pre>
  <textarea>
  raw text
  </textarea>
  <script>
    var a = location.hash;
    document.write(a);
    var t = \`x
    y\`;
  </script>
  <script type="module">
    import x from './x.js';
  </script>
</body>
</html>
`,
  },
  {
    name: 'GitHub Actions workflow',
    languageId: 'github-actions-workflow',
    text: `name: ci
on:
  issues:
    types: [opened]
jobs:
  triage:
    runs-on: ubuntu-latest
    env:
      TITLE: \${{ github.event.issue.title }}
    steps:
      - uses: actions/checkout@v4
      - name: build
        run: |
          echo "building"
          cat <<EOF > out.txt
          body line
          EOF
          make all
      - name: comment
        run: echo "\${{ github.event.issue.body }}"
      - uses: actions/github-script@v7
        with:
          script: |
            console.log(1)
            console.log(2)
      - name: folded
        run: >
          echo a
          echo b
description: plain scalar
  continued here
`,
  },
  {
    name: 'Python module',
    languageId: 'python',
    text: `import os


def query(user_id):
    sql = """
    SELECT * FROM users
    WHERE id = %s
    """
    name = f"""user {
        user_id
    } ok"""
    total = 1 + \\
        2
    items = [
        1,
        2,
    ]
    return os.path.join(sql, name)


@decorator
class A:
    x = 'single'
`,
  },
  {
    name: 'Go handler',
    languageId: 'go',
    text: `package main

import "fmt"

type T struct {
	Name string \`json:"name"\`
}

func main() {
	q := \`SELECT *
FROM t\`
	fmt.Println(q,
		"x")
}
`,
  },
  {
    name: 'Java class',
    languageId: 'java',
    text: `package app;

public class Repo {
    String sql = """
        SELECT *
        FROM t
        """;

    int run(int id) {
        return id +
            1;
    }
}
`,
  },
  {
    name: 'C file',
    languageId: 'c',
    text: `#include <stddef.h>
#define CHECK(x) \\
  do { if (!(x)) return 0; } while (0)

static const char *s = "a\\
b";

int authorized(int user) {
  int ok = user > 0;
  CHECK(ok);
  return ok;
}
#if 0
int disabled(void);
#endif
`,
  },
  {
    name: 'C++ file',
    languageId: 'cpp',
    text: `#include <string>

std::string q = R"(SELECT *
FROM t)";

int main() {
  auto x = 1 +
    2;
  return x;
}
`,
  },
  {
    name: 'Shell script',
    languageId: 'shellscript',
    text: `#!/bin/sh
set -e
cat <<EOF
$(whoami)
EOF
result=$(
  echo a
)
cp a \\
  b
case "$1" in
  start) echo go ;;
esac
echo "multi
line"
`,
  },
  {
    name: 'Ruby model',
    languageId: 'ruby',
    text: `class User
  SQL = <<~SQL
    SELECT * FROM users
    WHERE id = #{id}
  SQL
=begin
doc
=end
  def name
    "a #{
      first
    } b"
  end
end
`,
  },
  {
    name: 'C# class',
    languageId: 'csharp',
    text: `namespace App;

public class Q
{
    string a = @"multi
line";
    string b = """
        raw
        """;
    int M(int x) => x +
        1;
}
`,
  },
  {
    name: 'Rust module',
    languageId: 'rust',
    text: `fn main() {
    let s = r#"raw
"still raw"
"#;
    /* outer /* nested */ still */
    let t = "a
b";
    println!("{}", s);
}
`,
  },
  {
    name: 'PowerShell script',
    languageId: 'powershell',
    text: `$h = @"
Hello $env:USERNAME
"@
Get-ChildItem -Path . \`
  -Recurse
function F {
    param($a)
    Write-Output $a
}
`,
  },
];
