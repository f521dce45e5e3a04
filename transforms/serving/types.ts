/** The text of a module the file imports, by its specifier (undefined when it is not one of the project's sources). */
export type ModuleLookup = (fromFile: string, specifier: string) => { file: string; text: string } | undefined;

/** The project's other modules, for a server imported from one of them: how to find one, and every text. */
export interface ServingModules {
  lookup: ModuleLookup;
  texts: Map<string, string>;
}
