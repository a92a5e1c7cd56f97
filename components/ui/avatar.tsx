/** The user's WeChat picture, or the first character of the nickname on a coloured disc. */
export function Avatar({ src, name, size = 32 }: { src: string; name: string; size?: number }) {
  if (src) {
    // eslint-disable-next-line @next/next/no-img-element -- remote avatars of any host
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  // The initial is drawn by CSS, not as text: beside the nickname it would otherwise be part of
  // a button's visible label ("W wang") that its accessible name ("wang：账户菜单") does not match.
  return (
    <span
      aria-hidden
      data-initial={Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
      className="grid shrink-0 place-items-center rounded-full bg-brand-100 font-medium text-brand-700 before:content-[attr(data-initial)]"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    />
  );
}
