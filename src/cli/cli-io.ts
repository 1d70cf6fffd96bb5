/** What a CLI command reads and writes, so tests can run commands in-process. */
export interface CliIo {
  /** Reads all of standard input as text (for `-` file arguments). */
  readStdin(): Promise<string>;
  stdout(text: string): void;
  stderr(text: string): void;
}

/** A CLI command: takes the arguments after its name and returns the exit code. */
export type CliCommand = (argv: string[], io: CliIo) => Promise<number>;
