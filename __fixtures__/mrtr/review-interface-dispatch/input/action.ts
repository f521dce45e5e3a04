export interface Action {
  readonly name: string;
  run(input: string): Promise<string>;
}
