// handlebars/runtime.js is handlebars without its compiler: the same API, for precompiled templates.
// (The package's own runtime.d.ts declares nothing.)
declare module "handlebars/runtime.js" {
  import Handlebars from "handlebars";
  export default Handlebars;
}
