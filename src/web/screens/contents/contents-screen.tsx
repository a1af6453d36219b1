export function ContentsScreen() {
  return <h1 className="font-serif text-2xl">ContentsScreen</h1>;
}
