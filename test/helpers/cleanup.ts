// A vitest setup file: after each test file's own afterAll hooks (servers closed, processes
// stopped), its temporary folders go.
import { afterAll } from "vitest";
import { removeTempDirs } from "./temp.js";

afterAll(removeTempDirs);
