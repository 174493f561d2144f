/** Replaces the text between `<!-- bench:name -->` and `<!-- /bench:name -->`, or appends the block. */
export function replaceBlock(text: string, name: string, body: string): string
