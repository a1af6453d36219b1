export function DailyRitualScreen() {
  return <h1 className="font-serif text-2xl">DailyRitualScreen</h1>;
}
