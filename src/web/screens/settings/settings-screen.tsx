export function SettingsScreen() {
  return <h1 className="font-serif text-2xl">SettingsScreen</h1>;
}
