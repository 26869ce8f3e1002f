export function LocalModeNotice() {
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <strong>Lokalt läge.</strong> Drömbil körs utan inloggningstjänst, till exempel på en utvecklardator. Du loggar in med bara en e-postadress, utan lösenord
      eller verifiering. Samma adress ger samma konto.
    </p>
  );
}
