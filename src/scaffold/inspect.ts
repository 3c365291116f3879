// Reads a kept handler file to tell which names its handler object lacks. A ts-morph parse of
// the object literal's property names: robust to formatting, comments and method styles.
import { Node, Project, type ObjectLiteralExpression } from "ts-morph";

export type Inspection = { kind: "checked"; names: Set<string> } | { kind: "unchecked"; reason: string };

let project: Project | undefined;

function parse(text: string) {
  project ??= new Project({ useInMemoryFileSystem: true, skipAddingFilesFromTsConfig: true });
  return project.createSourceFile("/kept.ts", text, { overwrite: true });
}

function unwrap(node: Node | undefined): Node | undefined {
  let current = node;
  while (current && (Node.isSatisfiesExpression(current) || Node.isAsExpression(current) || Node.isParenthesizedExpression(current))) {
    current = current.getExpression();
  }
  return current;
}

function propertyNames(object: ObjectLiteralExpression): Inspection {
  const names = new Set<string>();
  for (const property of object.getProperties()) {
    if (Node.isSpreadAssignment(property)) return { kind: "unchecked", reason: "the object spreads another one" };
    const name = property.getNameNode();
    if (Node.isComputedPropertyName(name)) {
      const expression = name.getExpression();
      if (Node.isStringLiteral(expression) || Node.isNoSubstitutionTemplateLiteral(expression)) names.add(expression.getLiteralValue());
      else return { kind: "unchecked", reason: "a property name is computed" };
    } else if (Node.isStringLiteral(name) || Node.isNumericLiteral(name)) names.add(String(name.getLiteralValue()));
    else names.add(name.getText());
  }
  return { kind: "checked", names };
}

/** The property names of the object literal assigned to `variable` in `text`. */
export function inspectHandlerObject(text: string, variable: string): Inspection {
  const file = parse(text);
  try {
    const declaration = file.getVariableDeclaration(variable);
    if (!declaration) return { kind: "unchecked", reason: `no \`${variable}\` variable` };
    const initializer = unwrap(declaration.getInitializer());
    if (!initializer || !Node.isObjectLiteralExpression(initializer)) {
      return { kind: "unchecked", reason: `\`${variable}\` is not an object literal` };
    }
    return propertyNames(initializer);
  } finally {
    file.forget();
  }
}
