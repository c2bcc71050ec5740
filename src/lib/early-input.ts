/**
 * What a visitor typed (or a password manager filled) into a prerendered page before the app
 * hydrated. Hydration resets controlled fields to the app's state (empty), so their values are
 * read first and given back afterwards through the fields' own input events, which the form state
 * receives like typing. A click or submit the page's head script held before hydration
 * (`window.__bucketHeld`) is then made again, through the app. Nothing is lost.
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

declare global {
  interface Window {
    /** Set by the prerendered page's head script when it held a click or submit (scripts/prerender-plugin.ts). */
    __bucketHeld?: { target: HTMLElement | null; form: HTMLFormElement | null; submitter: HTMLElement | null };
  }
}

const isTextField = (field: Field) =>
  !(field instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(field.type));

export function captureEarlyInput(root: ParentNode): EarlyInput {
  // Field → the value the visitor last gave it (what was typed before this script ran, then every
  // input event until React has hydrated the field), so a later keystroke is never undone.
  const typed = new Map<Field, string>();
  const toggled: HTMLInputElement[] = [];
  for (const field of root.querySelectorAll<Field>('input, textarea')) {
    if (!isTextField(field)) {
      if (field instanceof HTMLInputElement && field.type !== 'file' && field.checked !== field.defaultChecked) {
        toggled.push(field);
      }
    } else if (field.value !== field.defaultValue) {
      typed.set(field, field.value);
    }
  }
  const track = (event: Event) => {
    const field = event.target;
    if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && isTextField(field)) {
      if (!hydrated(field) || typed.has(field)) typed.set(field, field.value);
    }
  };
  document.addEventListener('input', track, true);
  return {
    restore() {
      let waiting = 0;
      let changed = false;
      for (const [field, value] of typed) {
        if (field.isConnected && !hydrated(field)) {
          waiting += 1;
          continue;
        }
        typed.delete(field);
        if (!field.isConnected || field.value === value) continue;
        // The prototype's setter: React's value tracker then sees a real change.
        valueSetter(field)?.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
        changed = true;
      }
      for (let i = toggled.length - 1; i >= 0; i -= 1) {
        const box = toggled[i]!;
        if (box.isConnected && !hydrated(box)) {
          waiting += 1;
          continue;
        }
        toggled.splice(i, 1);
        if (box.isConnected && box.checked === box.defaultChecked) {
          box.click();
          changed = true;
        }
      }
      const held = window.__bucketHeld;
      const target = held?.target ?? held?.form;
      if (held && target?.isConnected) {
        // Made a frame after the last value went back, once the form state has it.
        if (waiting > 0 || changed || !hydrated(target)) return waiting + 1;
        window.__bucketHeld = undefined;
        if (held.target) held.target.click();
        else
          held.form?.requestSubmit(
            held.submitter && held.form.contains(held.submitter) ? (held.submitter as HTMLButtonElement) : null,
          );
      }
      if (waiting === 0 && !window.__bucketHeld) document.removeEventListener('input', track, true);
      return waiting;
    },
  };
}
