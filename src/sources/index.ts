// The catalogue's model for every command that reads one (generate asks the source it chose: ./source.ts).
export { readModel as loadModel } from "./read.js";
