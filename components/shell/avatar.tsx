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
  return (
    <span
      aria-hidden
      className="grid shrink-0 place-items-center rounded-full bg-brand-100 font-medium text-brand-700"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
