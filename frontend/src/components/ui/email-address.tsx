/**
 * An email address that a narrow line may break only after its '@' (a `<wbr>`), never inside a
 * word: "hello@" / "claimbridge.com" rather than "hello@claimbridge.c" / "om". The text, the
 * accessible name and what a visitor copies stay the plain address.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
