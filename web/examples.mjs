// Prints the shipped example bots as JSON for the page: each script with the files it reads
// (its tables and included scripts), by the names the script uses.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const dir = new URL("../examples/", import.meta.url).pathname;
const read = (name) => readFileSync(join(dir, name), "utf8");
const files = {};
for (const name of readdirSync(dir)) {
  if (name.endsWith(".tsv")) files[name] = read(name);
}
for (const name of readdirSync(join(dir, "lib"))) {
  files[`lib/${name}`] = read(`lib/${name}`);
}
const examples = readdirSync(dir)
  .filter((n) => n.endsWith(".hus"))
  .sort()
  .map((name) => {
    const source = read(name);
    const used = Object.fromEntries(
      Object.entries(files).filter(([f]) => source.includes(f)),
    );
    return { name, source, files: used };
  });
process.stdout.write(JSON.stringify(examples));
