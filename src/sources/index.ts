// The catalogue's model for every command that reads one (generate asks the source it chose: ./choose.ts).
export { readModel as loadModel } from "./read.js";
