export function DashboardScreen() {
  return <h1 className="font-serif text-2xl">DashboardScreen</h1>;
}
