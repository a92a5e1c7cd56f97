/**
 * How long until a card comes back, as a rating button says it: 1分钟, 10分钟, 3小时, 4天,
 * 2.5个月, 1.2年. Rounded as a learner reads it, never "0".
 */
export function intervalLabel(ms: number): string {
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;
  if (ms < hour) return `${Math.max(1, Math.round(ms / minute))}分钟`;
  if (ms < day) return `${Math.round(ms / hour)}小时`;
  const days = Math.round(ms / day);
  if (days < 30) return `${days}天`;
  if (days < 365) return `${oneDecimal(days / 30)}个月`;
  return `${oneDecimal(days / 365)}年`;
}

const oneDecimal = (n: number) => (n < 10 ? String(Math.round(n * 10) / 10) : String(Math.round(n)));

/** When the next card falls due, said from now: 今天 14:05, 明天 08:00, 3天后. */
export function nextDueLabel(due: string, now: Date): string {
  const at = new Date(due);
  const ms = at.getTime() - now.getTime();
  if (ms <= 0) return '现在';
  const time = at.toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });
  const dayOf = (d: Date) => Math.floor((d.getTime() - d.getTimezoneOffset() * 60_000) / 86_400_000);
  const days = dayOf(at) - dayOf(now);
  if (days === 0) return `今天 ${time}`;
  if (days === 1) return `明天 ${time}`;
  return `${days}天后`;
}
