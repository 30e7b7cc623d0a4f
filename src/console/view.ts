/** A section of the console, made when it is opened and closed when another is. */
export interface View {
  /** Shows the part the route names: the segments after the section's (`#/requests/12`: `['12']`). */
  show(params: readonly string[]): void;
  /** Ends what the view keeps open (its event streams). */
  close(): void;
}
