'use client';

import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { GlobalConfig } from '@/lib/config/global-config';
import {
  getConfigValue,
  settingsGroups,
  visibleAttrs,
  type SettingsAttr,
  type SettingsGroup,
} from '@/lib/config/settings-groups';
import { useGlobalConfig, type UpdateGlobalConfig } from '@/lib/config/use-global-config';
import { useBrowserVoices } from '@/lib/audio/use-browser-voices';
import { attrRange, canStep, defaultsToRestore, formatSettingValue, numberFromTyping, stepSetting } from './setting-values';
import { fieldClass } from '@/components/ui/field';

/**
 * The settings of spec section 3 ("Settings group"), one control per visible attr. Every change
 * goes straight to the config store, which validates it, saves it and tells every reader of the
 * config, so there is no "save" step and nothing to lose on close.
 */
export function SettingsPanel() {
  const [config, update] = useGlobalConfig();
  // Set by "恢复默认" and cleared by the next change made here, so the confirmation never
  // outlives the state it confirms.
  const [justReset, setJustReset] = useState(false);
  const change: UpdateGlobalConfig = (path, value) => {
    setJustReset(false);
    update(path, value);
  };

  return (
    <div data-testid="settings-panel" className="flex flex-col gap-6">
      {settingsGroups.map((group) => (
        <SettingsSection key={group.name} group={group} config={config} update={change} />
      ))}
      <ResetDefaults
        config={config}
        justReset={justReset}
        onReset={() => {
          for (const { path, value } of defaultsToRestore(config)) update(path, value);
          setJustReset(true);
        }}
      />
    </div>
  );
}

interface ControlProps<A extends SettingsAttr = SettingsAttr> {
  attr: A;
  /** Options that follow the attr's own: the browser's voices for a voice choice. */
  moreOptions?: readonly { label: string; value: string }[];
  value: unknown;
  update: UpdateGlobalConfig;
  ids: ControlIds;
}

interface ControlIds {
  control: string;
  label: string;
  /** Undefined when the attr has no description. */
  description?: string;
}

function SettingsSection({ group, config, update }: { group: SettingsGroup; config: GlobalConfig; update: UpdateGlobalConfig }) {
  const headingId = useId();
  const attrs = visibleAttrs(group, config);
  if (attrs.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="px-1">
        <h3 id={headingId} className="text-sm font-semibold text-ink">
          {group.name}
        </h3>
        {group.description && <p className="mt-0.5 text-xs text-ink-mute">{group.description}</p>}
      </div>
      <div className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {attrs.map((attr) => (
          <SettingRow key={attr.path} attr={attr} value={getConfigValue(config, attr.path)} update={update} />
        ))}
      </div>
    </section>
  );
}

/** Controls that sit beside their label; sliders and text boxes take the full width below it. */
const besideLabel = new Set<SettingsAttr['type']>(['number', 'select', 'switch']);

function SettingRow({ attr, value, update }: { attr: SettingsAttr; value: unknown; update: UpdateGlobalConfig }) {
  const id = useId();
  const voices = useBrowserVoices(attr.browserVoices);
  // A voice choice where the browser has no voice of the accent would offer nothing.
  if (attr.browserVoices && voices.length === 0) return null;
  const moreOptions = voices.map((voice) => ({ label: voice.name, value: voice.name }));
  const ids: ControlIds = {
    control: `${id}control`,
    label: `${id}label`,
    description: attr.description ? `${id}description` : undefined,
  };
  const props: ControlProps = { attr, value, update, ids, moreOptions };
  // A native control is labelled with <label htmlFor>; a radio group is a <div>, which cannot be,
  // so it and the switch point at the label's id instead.
  const labelledByFor = attr.type === 'slider' || attr.type === 'number' || attr.type === 'input';
  const label = labelledByFor ? (
    <label id={ids.label} htmlFor={ids.control} className="text-sm font-medium text-ink">
      {attr.name}
    </label>
  ) : (
    <span id={ids.label} className="text-sm font-medium text-ink">
      {attr.name}
    </span>
  );
  const description = ids.description && (
    <p id={ids.description} className="mt-0.5 text-xs leading-relaxed text-ink-mute">
      {attr.description}
    </p>
  );

  if (besideLabel.has(attr.type)) {
    return (
      <div data-testid={`setting-row-${attr.path}`} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <div className="min-w-0 flex-1 basis-32">
          {label}
          {description}
        </div>
        <div className="ml-auto shrink-0">
          <Control {...props} />
        </div>
      </div>
    );
  }

  return (
    <div data-testid={`setting-row-${attr.path}`} className="flex flex-col gap-2 px-4 py-3">
      <div className="flex items-baseline justify-between gap-4">
        {label}
        {attr.type === 'slider' && (
          <span data-testid={`setting-${attr.path}-value`} className="text-sm tabular-nums text-brand-600">
            {formatSettingValue(Number(value), attr)}
          </span>
        )}
      </div>
      <Control {...props} />
      {description}
      {attr.path === 'display.fontSize' && <FontSizePreview rem={Number(value)} />}
    </div>
  );
}

function Control(props: ControlProps) {
  switch (props.attr.type) {
    case 'slider':
      return <SliderControl {...props} />;
    case 'number':
      return <StepperControl {...props} />;
    case 'select':
      return <SelectControl {...props} />;
    case 'switch':
      return <SwitchControl {...props} />;
    case 'input':
      return <TextControl {...props} />;
  }
}

function SliderControl({ attr, value, update, ids }: ControlProps) {
  const range = attrRange(attr);
  const current = Number(value);
  return (
    <div>
      <input
        id={ids.control}
        data-testid={`setting-${attr.path}`}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={current}
        aria-valuetext={formatSettingValue(current, attr)}
        aria-describedby={ids.description}
        onChange={(e) => update(attr.path, Number(e.target.value))}
        className="h-6 w-full cursor-pointer accent-brand-500"
      />
      <div aria-hidden className="flex justify-between text-xs tabular-nums text-ink-mute">
        <span>{formatSettingValue(range.min, attr)}</span>
        <span>{formatSettingValue(range.max, attr)}</span>
      </div>
    </div>
  );
}

const stepButtonClass =
  'grid size-9 place-items-center text-lg text-ink-soft hover:bg-slate-100 hover:text-ink aria-disabled:cursor-not-allowed aria-disabled:text-slate-300 aria-disabled:hover:bg-transparent';

/**
 * − / value / +. The box is a spinbutton: ↑ ↓ step, Home / End jump to the ends, and a typed
 * number is stored as soon as it is a valid value (clamped when the reader leaves the box).
 * The buttons use aria-disabled, not disabled, so one that reaches the end keeps focus instead of
 * dropping it to the page.
 */
function StepperControl({ attr, value, update, ids }: ControlProps) {
  const range = attrRange(attr);
  const current = Number(value);
  // What the reader is typing, while they type; otherwise the box shows the stored value.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = formatSettingValue(current, { precision: range.precision });

  const step = (direction: 1 | -1) => {
    if (canStep(current, direction, range)) update(attr.path, stepSetting(current, direction, range));
  };
  const commit = (text: string) => {
    const typed = numberFromTyping(text, range, { final: true });
    if (typed !== null) update(attr.path, typed);
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowUp: () => step(1),
      ArrowDown: () => step(-1),
      Home: () => update(attr.path, range.min),
      End: () => update(attr.path, range.max),
      Enter: () => commit(event.currentTarget.value),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    if (event.key !== 'Enter') setDraft(null);
    action();
  };

  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100">
      <button
        type="button"
        data-testid={`setting-${attr.path}-decrease`}
        aria-label={`减少${attr.name}`}
        aria-controls={ids.control}
        aria-disabled={!canStep(current, -1, range)}
        onClick={() => step(-1)}
        className={stepButtonClass}
      >
        <span aria-hidden>−</span>
      </button>
      <input
        id={ids.control}
        data-testid={`setting-${attr.path}`}
        type="text"
        role="spinbutton"
        inputMode={range.precision > 0 ? 'decimal' : 'numeric'}
        autoComplete="off"
        aria-valuemin={range.min}
        aria-valuemax={range.max}
        aria-valuenow={current}
        aria-valuetext={formatSettingValue(current, attr)}
        aria-describedby={ids.description}
        value={draft ?? shown}
        onChange={(e) => {
          setDraft(e.target.value);
          const typed = numberFromTyping(e.target.value, range, { final: false });
          if (typed !== null) update(attr.path, typed);
        }}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={onKeyDown}
        className="h-9 w-12 border-x border-slate-200 text-center text-sm tabular-nums outline-none focus-visible:outline-none"
      />
      <button
        type="button"
        data-testid={`setting-${attr.path}-increase`}
        aria-label={`增加${attr.name}`}
        aria-controls={ids.control}
        aria-disabled={!canStep(current, 1, range)}
        onClick={() => step(1)}
        className={stepButtonClass}
      >
        <span aria-hidden>+</span>
      </button>
    </div>
  );
}

/** Up to three options as a segmented radio group (one tap, all choices in view); more as a <select>. */
function SelectControl({ attr, value, update, ids, moreOptions = [] }: ControlProps) {
  const options: readonly { label: string; value: unknown }[] = [...(attr.options ?? []), ...moreOptions];
  const selected = options.findIndex((option) => Object.is(option.value, value));
  const choose = (index: number) => update(attr.path, options[index]?.value);

  // A voice's name is long: the browser's voices are always a list, never buttons.
  if (options.length > 3 || attr.browserVoices) {
    return (
      <select
        id={ids.control}
        data-testid={`setting-${attr.path}`}
        aria-labelledby={ids.label}
        aria-describedby={ids.description}
        value={selected < 0 ? '' : String(selected)}
        onChange={(e) => choose(Number(e.target.value))}
        className="h-9 rounded-lg border border-slate-300 bg-white px-3 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
      >
        {options.map((option, index) => (
          <option key={option.label} value={String(index)}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }

  // Native radios: Tab lands on the chosen one, the arrow keys move and choose, Space chooses.
  // Each input covers its whole segment (invisible), so it is the element a pointer hits.
  return (
    <div
      id={ids.control}
      role="radiogroup"
      data-testid={`setting-${attr.path}`}
      aria-labelledby={ids.label}
      aria-describedby={ids.description}
      className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1"
    >
      {options.map((option, index) => (
        <label key={option.label} className="relative">
          <input
            type="radio"
            name={ids.control}
            value={String(index)}
            checked={index === selected}
            onChange={() => choose(index)}
            className="peer absolute inset-0 m-0 size-full cursor-pointer opacity-0"
          />
          <span className="block whitespace-nowrap rounded-md px-3 py-1.5 text-sm text-ink-soft peer-checked:bg-white peer-checked:font-medium peer-checked:text-brand-600 peer-checked:shadow-sm peer-hover:text-ink peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500">
            {option.label}
          </span>
        </label>
      ))}
    </div>
  );
}

function SwitchControl({ attr, value, update, ids }: ControlProps) {
  const on = value === true;
  return (
    <button
      id={ids.control}
      type="button"
      role="switch"
      data-testid={`setting-${attr.path}`}
      aria-checked={on}
      aria-labelledby={ids.label}
      aria-describedby={ids.description}
      onClick={() => update(attr.path, !on)}
      className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors aria-checked:bg-brand-600 motion-reduce:transition-none"
    >
      <span
        aria-hidden
        className="size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-5.5 motion-reduce:transition-none"
      />
    </button>
  );
}

/**
 * Free text. The store may refuse a value (a blank share account, say); the box keeps what the
 * reader typed until they leave it, then shows what was stored.
 */
function TextControl({ attr, value, update, ids }: ControlProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      id={ids.control}
      data-testid={`setting-${attr.path}`}
      type="text"
      aria-describedby={ids.description}
      value={draft ?? (typeof value === 'string' ? value : '')}
      onChange={(e) => {
        setDraft(e.target.value);
        update(attr.path, e.target.value);
      }}
      onBlur={() => setDraft(null)}
      className={fieldClass('md', 'w-full')}
    />
  );
}

/**
 * A sample at the chosen size: on a phone the drawer covers the page, so the reading text the
 * slider changes cannot be seen while it moves.
 */
function FontSizePreview({ rem }: { rem: number }) {
  return (
    <p
      data-testid="settings-font-preview"
      aria-hidden
      style={{ fontSize: `${rem}rem` }}
      className="rounded-lg bg-slate-50 px-3 py-2 leading-relaxed text-ink"
    >
      Read every word in its context.
    </p>
  );
}

function ResetDefaults({ config, justReset, onReset }: { config: GlobalConfig; justReset: boolean; onReset: () => void }) {
  const hintId = useId();
  const atDefaults = defaultsToRestore(config).length === 0;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
      <div className="min-w-0 flex-1 basis-40 text-xs text-ink-mute">
        <p id={hintId}>{atDefaults ? '以上设置均为默认值' : '把以上设置全部恢复为默认值，立即生效'}</p>
        <Status>{justReset && atDefaults ? '已恢复默认设置' : null}</Status>
      </div>
      {/* aria-disabled rather than disabled: the button a click just disabled keeps focus. */}
      <button
        type="button"
        data-testid="settings-reset"
        aria-describedby={hintId}
        aria-disabled={atDefaults}
        onClick={() => {
          if (!atDefaults) onReset();
        }}
        className="h-9 shrink-0 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-ink hover:border-brand-500 hover:text-brand-600 aria-disabled:cursor-not-allowed aria-disabled:border-slate-200 aria-disabled:text-ink-mute aria-disabled:hover:border-slate-200 aria-disabled:hover:text-ink-mute"
      >
        恢复默认
      </button>
    </div>
  );
}

/** A polite live region that is always in the page, so the message in it is announced. */
function Status({ children }: { children: ReactNode }) {
  return (
    <p role="status" data-testid="settings-reset-status" className="mt-0.5 font-medium text-emerald-700">
      {children}
    </p>
  );
}
