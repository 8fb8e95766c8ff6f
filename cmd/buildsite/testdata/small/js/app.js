// the page's entry module
import { x } from "./other.js";
console.log(x + 1);
