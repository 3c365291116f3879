// One mis-indented line makes the YAML parser report its consequences, often on other lines and
// several times over. When a file does not parse, this finds the line that broke the layout, so
// the loader can report that one line instead.

export interface Misindented {
  /** 1-based. */
  line: number;
  indent: number;
  message: string;
  hint: string;
}

const BLOCK_SCALAR = /:\s*[|>][-+0-9]*\s*(#.*)?$/;
const OPENS_BLOCK = /(^|\s)(-|[^#]*:)\s*(#.*)?$/;

/** The first line whose indentation fits no block around it, or undefined when every line fits. */
export function misindentedLine(text: string): Misindented | undefined {
  const levels = [0];
  let opens = false;
  let scalarAbove: number | undefined;
  let flowDepth = 0;
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const raw = (lines[index] ?? "").replace(/\r$/, "");
    const content = raw.trimStart();
    const indent = raw.length - content.length;
    if (content === "" || content.startsWith("#") || raw.startsWith("---") || raw.startsWith("...")) continue;
    if (scalarAbove !== undefined && indent > scalarAbove) continue; // the text of a | or > block
    scalarAbove = undefined;
    if (flowDepth > 0) {
      flowDepth = Math.max(0, flowDepth + depthChange(content));
      continue; // inside a { } or [ ] written over several lines
    }
    const top = levels.at(-1) ?? 0;
    const isItem = content === "-" || content.startsWith("- ");
    if (indent > top) {
      if (!opens) {
        return {
          line: index + 1,
          indent,
          message: `this line is indented ${spaces(indent)}, more than the line above (${top}), which does not open a block`,
          hint: `indent it by ${spaces(top)}, like the line above, or end the line above with ":" to nest it there`,
        };
      }
      levels.push(indent);
    } else if (indent < top) {
      while ((levels.at(-1) ?? 0) > indent) levels.pop();
      const enclosing = levels.at(-1) ?? 0;
      if (enclosing !== indent) {
        return {
          line: index + 1,
          indent,
          message: `this line is indented ${spaces(indent)}, which lines up with no block above it (${top} or ${enclosing})`,
          hint: `indent it by ${spaces(top)} to continue the block above, or by ${spaces(enclosing)} to end it`,
        };
      }
    }
    if (isItem) {
      // `- key: value`: the item's own keys line up after the dash.
      const after = content.slice(1).trimStart();
      if (after !== "") levels.push(indent + (content.length - after.length));
    }
    opens = OPENS_BLOCK.test(content) && !content.includes("{") && !content.includes("[");
    if (BLOCK_SCALAR.test(content)) scalarAbove = indent;
    flowDepth = Math.max(0, depthChange(content));
  }
  return undefined;
}

function spaces(count: number): string {
  return `${count} space${count === 1 ? "" : "s"}`;
}

/** Opening minus closing brackets of a flow collection, outside quotes and comments. */
function depthChange(content: string): number {
  let depth = 0;
  let quote: string | undefined;
  for (const char of content) {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "#") break;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") depth--;
  }
  return depth;
}
