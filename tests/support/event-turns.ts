/**
 * How many turns the event loop took while `work` ran: for checking that long work (reading a
 * model, a dictionary) lets a server answer meanwhile, without timing anything.
 */
export async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const other = () => {
    turns++;
    if (running) setImmediate(other);
  };
  setImmediate(other);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}
