/** What a command's help says: written as data so that every command's help has one shape. */
export interface CommandHelp {
  /** The synopsis after `Usage: `, e.g. `action-recall parse [options] [file|-]`. */
  usage: string;
  /** What the command does and prints: one or more paragraphs. */
  description: string;
  /** A heading and its rows (`Options`, `Commands`): each row a name and what it means (`\n` starts a new line). */
  sections: ReadonlyArray<{ heading: string; rows: ReadonlyArray<readonly [name: string, text: string]> }>;
  /** Command lines a user can paste. */
  examples: readonly string[];
}

/** Names longer than this put their text on the next line, so that one long flag does not push every row right. */
const MAX_NAME_WIDTH = 24;

/**
 * The help text of a command, in the one style every command shares (as `--help` and `action-recall help <command>`
 * print it): usage, description, a table per section, examples.
 *
 * @example
 * formatHelp({ usage: "action-recall x", description: "Does x.", sections: [], examples: ["action-recall x"] });
 */
export function formatHelp(help: CommandHelp): string {
  const names = help.sections.flatMap((section) => section.rows.map(([name]) => name));
  const width = Math.min(MAX_NAME_WIDTH, Math.max(0, ...names.map((name) => name.length))) + 2;
  const indent = " ".repeat(2 + width);
  const tables = help.sections.map(({ heading, rows }) => {
    const lines = rows.map(([name, text]) => {
      const [first = "", ...rest] = text.split("\n").map((line, index) => (index === 0 ? line : `${indent}${line}`));
      const head = name.length + 2 > width ? `  ${name}\n${indent}${first}` : `  ${name.padEnd(width)}${first}`;
      return [head, ...rest].join("\n");
    });
    return `${heading}:\n${lines.join("\n")}`;
  });
  const examples = help.examples.map((example) => `  ${example}`).join("\n");
  return `Usage: ${help.usage}\n\n${help.description}\n\n${tables.join("\n\n")}\n\nExamples:\n${examples}\n`;
}

/** The row of `-o/--output`, shared by every command that prints a result. */
export const OUTPUT_OPTION = [
  "-o, --output <file>",
  "write the result to <file> instead of standard output (replaced whole,\nnever left half-written)",
] as const;

/** The row of `-h/--help`, last in every command's options. */
export const HELP_OPTION = ["-h, --help", "show this help"] as const;
