export default function Maintenance() {
  return <p>Manutenzione</p>;
}
