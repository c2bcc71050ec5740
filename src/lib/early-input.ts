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
   * Once every control is hydrated: turns held toggles back on, then (a frame later) gives back
   * the typed values; returns how much is still to do (call again next frame while above 0).
   */
  restore(): number;
  /** Makes the click or submit the page held before hydration (call once the page is live). */
  replayHeld(): void;
}

/** React marks each DOM node it has hydrated with its props (`__reactProps$<id>`). */
const hydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactProps$'));

/** The props React last rendered a hydrated field with: what the app's state holds for it. */
function renderedProps(node: Element): { value?: unknown; checked?: unknown } | undefined {
  const key = Object.keys(node).find((name) => name.startsWith('__reactProps$'));
  return key ? (node as unknown as Record<string, { value?: unknown; checked?: unknown }>)[key] : undefined;
}

/**
 * A part of the page still loading (lazy screens mark their fallback `aria-busy`): a field a
 * toggle replaced may be in it, so its typed value waits for it instead of being dropped.
 */
const LOADING = '[aria-busy="true"]';

const CONTROLS = 'button, input, select, textarea, form, a[href], [role=button], [role=tab]';

/**
 * Whether every control under `root` is live, asked every frame. The root commits before lazily
 * loaded parts of the page (Suspense boundaries) have hydrated; a click on one of those must still
 * be held. Only prerendered controls can be waiting (the client renders the rest live), so after
 * one query it re-checks just those still waiting.
 */
function hydrationWatch(root: ParentNode): () => boolean {
  let waiting: Element[] | null = null;
  return () => {
    waiting = (waiting ?? [...root.querySelectorAll(CONTROLS)]).filter((node) => node.isConnected && !hydrated(node));
    return waiting.length === 0;
  };
}

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

/** A field's label as the visitor reads it ("Email *"), to find it again if the form was re-rendered. */
const labelOf = (field: Field) => field.labels?.[0]?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** Gives `value` to a live field through its own input event, as typing would (see restore). */
function giveValue(target: Field, value: string, appValue: string) {
  // The tracker first learns the app's value (node setter), then the prototype's setter puts the
  // visitor's value back unseen by it: the input event is then a real change for React.
  target.value = appValue;
  valueSetter(target)?.call(target, value);
  target.dispatchEvent(new Event('input', { bubbles: true }));
}

/** How long a replayed click's new form may take to appear (a lazily loaded screen) before giving up. */
const FOLLOW_MS = 3_000;

/**
 * Once `field` leaves the page (the replayed click re-rendered its form), focuses the field that
 * replaced it (same label), with the caret at the end, and gives it the old field's text if the
 * app did not. Watched with a MutationObserver: its callback runs right after the commit that
 * removed the field, before the next keystroke's event, so no keystroke lands nowhere.
 */
function followReplaced(root: ParentNode, field: Field) {
  const label = labelOf(field);
  if (!label) return;
  const observer = new MutationObserver(follow);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const timer = setTimeout(stop, FOLLOW_MS);
  function follow() {
    if (field.isConnected) return;
    const replacement = [...root.querySelectorAll<Field>('input, textarea')].find(
      (other) => isTextField(other) && labelOf(other) === label,
    );
    if (!replacement) {
      if (!root.querySelector(LOADING)) stop();
      return;
    }
    stop();
    if (!replacement.value && field.value) giveValue(replacement, field.value, '');
    // Only when focus was lost with the field, not moved elsewhere by the app or the visitor.
    const active = document.activeElement;
    if (!active || active === document.body) {
      replacement.focus();
      const end = replacement.value.length;
      try {
        replacement.setSelectionRange(end, end);
      } catch {
        // type=email and others have no selection API; the caret stays where the browser puts it.
      }
    }
  }
  observer.observe(root as Node, { childList: true, subtree: true });
  follow();
}

export function captureEarlyInput(root: ParentNode): EarlyInput {
  // Field → the value the visitor last gave it (what was typed before this script ran, then every
  // input event until the page is live), so a later keystroke is never undone.
  const typed = new Map<Field, { value: string; label: string }>();
  // Checkbox or radio → the state the visitor left it in (checked), likewise kept up to date.
  const toggled = new Map<HTMLInputElement, boolean>();
  for (const field of root.querySelectorAll<Field>('input, textarea')) {
    if (!isTextField(field)) {
      if (field instanceof HTMLInputElement && field.type !== 'file' && field.checked !== field.defaultChecked) {
        toggled.set(field, field.checked);
      }
    } else if (field.value !== field.defaultValue) {
      typed.set(field, { value: field.value, label: labelOf(field) });
    }
  }
  const track = (event: Event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    if (isTextField(field)) {
      // Hydrated fields too, until the page is live: React marks a field while it renders the
      // hydration, before that render commits and the field's events reach the app (the value is
      // then only in the DOM), and a toggle still to be replayed replaces the form the visitor
      // types into. A value the app did receive is left alone (restore compares with its state).
      typed.set(field, { value: field.value, label: labelOf(field) });
    } else if (field instanceof HTMLInputElement && field.type !== 'file' && !hydrated(field)) {
      toggled.set(field, field.checked);
    }
  };
  document.addEventListener('input', track, true);
  document.addEventListener('change', track, true);
  /** The field to give a value back to: itself, or (re-rendered by a toggle) the live empty field with its label. */
  const targetOf = (field: Field, label: string): Field | null => {
    if (field.isConnected) return field;
    if (!label) return null;
    const fields = [...root.querySelectorAll<Field>('input, textarea')];
    return fields.find((other) => isTextField(other) && !other.value && labelOf(other) === label) ?? null;
  };
  const allHydrated = hydrationWatch(root);
  return {
    restore() {
      if (!allHydrated()) return 1;
      // Toggles first (a segmented control may switch the form), then, a frame later, the values.
      // React 19 hydrates a field keeping what the visitor left in it, while the app's state (the
      // rendered props) still holds the initial value: compare with the props, not the DOM.
      let changed = false;
      for (const [box, checked] of toggled) {
        toggled.delete(box);
        const rendered = renderedProps(box)?.checked;
        const appHas = rendered === undefined ? box.defaultChecked : Boolean(rendered);
        // A radio the visitor left unchecked follows from the one they checked.
        if (!box.isConnected || appHas === checked || (box.type === 'radio' && !checked)) continue;
        // Through the node's own setter (React's value tracker records it), then a real click: the
        // app's change handler sees the visitor's state as a change.
        box.checked = !checked;
        box.click();
        changed = true;
      }
      if (changed) return 1;
      for (const [field, { value, label }] of typed) {
        const target = targetOf(field, label);
        if (!target && !field.isConnected && root.querySelector(LOADING)) return 1;
        typed.delete(field);
        const rendered = target && renderedProps(target)?.value;
        if (!target || (rendered === undefined ? target.value : rendered) === value) continue;
        giveValue(target, value, typeof rendered === 'string' ? rendered : '');
        changed = true;
      }
      // A held click or submit goes after the values, a frame later (the form state has them then).
      if (changed) return 1;
      document.removeEventListener('input', track, true);
      document.removeEventListener('change', track, true);
      return 0;
    },
    replayHeld() {
      const held = window.__bucketHeld;
      window.__bucketHeld = undefined;
      if (!held) return;
      // The visitor may have gone on typing while the click waited: if the click replaces the
      // form they are typing in, their field's focus and text follow to its replacement.
      const focused = document.activeElement;
      const typing =
        (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) &&
        isTextField(focused) &&
        root.contains(focused)
          ? focused
          : null;
      if (held.target?.isConnected) held.target.click();
      else if (held.form?.isConnected) {
        const { form, submitter } = held;
        form.requestSubmit(submitter && form.contains(submitter) ? (submitter as HTMLButtonElement) : null);
      } else return;
      if (typing) followReplaced(root, typing);
    },
  };
}
