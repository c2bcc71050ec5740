/**
 * What a visitor typed (or a password manager filled) into a prerendered page before the app
 * hydrated. Hydration resets controlled fields to the app's state (empty), so their values are
 * read first and given back afterwards through the fields' own input events, which the form state
 * receives like typing. Nothing typed before the app started is lost.
 */
type Field = HTMLInputElement | HTMLTextAreaElement;

export interface EarlyInput {
  /**
   * Gives back the values of fields React has hydrated by now (a Suspense boundary may hydrate
   * after the root commits); returns how many are still waiting for theirs.
   */
  restore(): number;
}

/** React marks each DOM node it has hydrated with its props (`__reactProps$<id>`). */
const hydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactProps$'));

const valueSetter = (field: Field) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;

export function captureEarlyInput(root: ParentNode): EarlyInput {
  const typed: { field: Field; value: string }[] = [];
  const toggled: HTMLInputElement[] = [];
  for (const field of root.querySelectorAll<Field>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) toggled.push(field);
    } else if (field.value !== field.defaultValue && !(field instanceof HTMLInputElement && field.type === 'file')) {
      typed.push({ field, value: field.value });
    }
  }
  return {
    restore() {
      let waiting = 0;
      for (let i = typed.length - 1; i >= 0; i -= 1) {
        const { field, value } = typed[i]!;
        if (field.isConnected && !hydrated(field)) {
          waiting += 1;
          continue;
        }
        typed.splice(i, 1);
        if (!field.isConnected || field.value === value) continue;
        // The prototype's setter: React's value tracker then sees a real change.
        valueSetter(field)?.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      for (let i = toggled.length - 1; i >= 0; i -= 1) {
        const box = toggled[i]!;
        if (box.isConnected && !hydrated(box)) {
          waiting += 1;
          continue;
        }
        toggled.splice(i, 1);
        if (box.isConnected && box.checked === box.defaultChecked) box.click();
      }
      return waiting;
    },
  };
}
