/*
 * A fit of FSRS to one learner's review log, in a child process of its own: the optimizer
 * (@open-spaced-repetition/binding, fsrs-rs through N-API) works synchronously for seconds on a
 * long log, and a panic in it aborts the whole process, so it runs where neither can touch the
 * service. Plain JavaScript: it needs nothing of the service.
 *
 * Message in (IPC): { histories, defaults }: each card's ratings oldest first as [rating, days
 * since the previous review] pairs (the first 0), and the default weights to compare with.
 * Message out: { weights, fitted_loss, default_loss, items }, or { error }; then it exits.
 */
import { setPriority } from 'node:os';

try {
  // Background work: the service's own requests come first.
  setPriority(10);
} catch {
  // not allowed here: the fit runs at the service's priority
}

process.once('message', async ({ histories, defaults }) => {
  try {
    const { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } = await import(
      '@open-spaced-repetition/binding'
    );
    // One item per review after a card's first: the card's history up to and including it. fsrs-rs
    // trains only on items with a review on a later day than the card's first (it aborts on
    // others), and evaluates only those whose last review is on a later day than the one before.
    const items = [];
    const longTerm = [];
    for (const history of histories) {
      const reviews = history.map(([rating, days]) => new FSRSBindingReview(rating, days));
      let later = false;
      for (let k = 1; k < reviews.length; k++) {
        later ||= history[k][1] > 0;
        if (!later) continue;
        const item = new FSRSBindingItem(reviews.slice(0, k + 1));
        items.push(item);
        if (history[k][1] > 0) longTerm.push(item);
      }
    }
    if (longTerm.length === 0) throw new Error('no review on a later day than the one before');
    const weights = await computeParameters(items, { enableShortTerm: true, numRelearningSteps: 1 });
    const fitted = new FSRSBinding(weights).evaluate(longTerm);
    const byDefault = new FSRSBinding(defaults).evaluate(longTerm);
    process.send({ weights, fitted_loss: fitted.logLoss, default_loss: byDefault.logLoss, items: items.length }, () =>
      process.exit(0),
    );
  } catch (error) {
    process.send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () => process.exit(1));
  }
});
