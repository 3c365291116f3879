// The OpenAPI Specification's own style examples (3.1.1 / 3.0.4, "Style Examples"; RFC 6570 for
// path styles): parameter `color` with the values
//   string "blue", array ["blue", "black", "brown"], object { R: 100, G: 200, B: 150 },
// and what each style and explode writes. n/a cells of the spec's table are left out. Used in both
// directions: the client writes exactly this, the server reads exactly this back.
export const STRING = "blue";
export const ARRAY = ["blue", "black", "brown"];
export const OBJECT = { R: 100, G: 200, B: 150 };

export type Location = "path" | "query" | "header" | "cookie";

export interface StyleRow {
  in: Location;
  style: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject" | "simple" | "label" | "matrix";
  explode: boolean;
  string?: string;
  array?: string;
  object?: string;
}

export const STYLE_TABLE: StyleRow[] = [
  { in: "path", style: "matrix", explode: false, string: ";color=blue", array: ";color=blue,black,brown", object: ";color=R,100,G,200,B,150" },
  { in: "path", style: "matrix", explode: true, string: ";color=blue", array: ";color=blue;color=black;color=brown", object: ";R=100;G=200;B=150" },
  { in: "path", style: "label", explode: false, string: ".blue", array: ".blue,black,brown", object: ".R,100,G,200,B,150" },
  { in: "path", style: "label", explode: true, string: ".blue", array: ".blue.black.brown", object: ".R=100.G=200.B=150" },
  { in: "path", style: "simple", explode: false, string: "blue", array: "blue,black,brown", object: "R,100,G,200,B,150" },
  { in: "path", style: "simple", explode: true, string: "blue", array: "blue,black,brown", object: "R=100,G=200,B=150" },
  { in: "header", style: "simple", explode: false, string: "blue", array: "blue,black,brown", object: "R,100,G,200,B,150" },
  { in: "header", style: "simple", explode: true, string: "blue", array: "blue,black,brown", object: "R=100,G=200,B=150" },
  { in: "query", style: "form", explode: false, string: "color=blue", array: "color=blue,black,brown", object: "color=R,100,G,200,B,150" },
  { in: "query", style: "form", explode: true, string: "color=blue", array: "color=blue&color=black&color=brown", object: "R=100&G=200&B=150" },
  { in: "query", style: "spaceDelimited", explode: false, array: "color=blue%20black%20brown", object: "color=R%20100%20G%20200%20B%20150" },
  { in: "query", style: "pipeDelimited", explode: false, array: "color=blue|black|brown", object: "color=R|100|G|200|B|150" },
  { in: "query", style: "deepObject", explode: true, object: "color[R]=100&color[G]=200&color[B]=150" },
  // Cookies: form style, one `name=value` per pair, pairs joined by "; " (a Cookie header's separator).
  { in: "cookie", style: "form", explode: false, string: "color=blue", array: "color=blue,black,brown", object: "color=R,100,G,200,B,150" },
  { in: "cookie", style: "form", explode: true, string: "color=blue", array: "color=blue; color=black; color=brown", object: "R=100; G=200; B=150" },
];
