// Pointer-driven reordering of a vertical list (mouse, pen and touch alike): press a row's
// `.handle`, drag, release (or focus the handle and use the arrow keys). While dragging, the row follows the pointer and a marker line shows
// where it will land; `onDrop(id, index)` gets the index among the *other* rows.
export function enableReorder(list, { onDrop }) {
  let drag = null;

  list.addEventListener("pointerdown", e => {
    const handle = e.target.closest(".handle");
    if (!handle || e.button !== 0) return;
    const row = handle.closest("[data-id]");
    if (!row) return;
    e.preventDefault();
    const others = [...list.querySelectorAll(":scope > [data-id]")].filter(r => r !== row);
    const marker = document.createElement("div");
    marker.className = "drop-marker";
    list.append(marker);
    drag = { row, others, startY: e.clientY, index: null, marker, pointerId: e.pointerId };
    handle.setPointerCapture(e.pointerId);
    row.classList.add("dragged");
    move(e);
  });

  function move(e) {
    if (!drag || e.pointerId !== drag.pointerId) return;
    drag.row.style.transform = `translateY(${e.clientY - drag.startY}px)`;
    // The drop goes before the first other row whose middle is below the pointer.
    let index = drag.others.length;
    for (let i = 0; i < drag.others.length; i++) {
      const r = drag.others[i].getBoundingClientRect();
      if (e.clientY < r.top + r.height / 2) { index = i; break; }
    }
    drag.index = index;
    const listBox = list.getBoundingClientRect();
    const ref = drag.others[index] ? drag.others[index].getBoundingClientRect().top
      : (drag.others.at(-1)?.getBoundingClientRect().bottom ?? listBox.top);
    drag.marker.style.top = `${ref - listBox.top + list.scrollTop - 1}px`;
  }

  function end(e, cancelled) {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const { row, index, marker, others } = drag;
    drag = null;
    marker.remove();
    row.classList.remove("dragged");
    row.style.transform = "";
    const original = [...list.querySelectorAll(":scope > [data-id]")].indexOf(row);
    if (!cancelled && index !== null && index !== original) onDrop(row.dataset.id, index, others.map(r => r.dataset.id));
  }

  // Keyboard: ArrowUp / ArrowDown on a focused handle moves its layer one row.
  list.addEventListener("keydown", e => {
    const handle = e.target.closest(".handle");
    if (!handle || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    e.preventDefault();
    const row = handle.closest("[data-id]");
    const rows = [...list.querySelectorAll(":scope > [data-id]")];
    const index = rows.indexOf(row) + (e.key === "ArrowUp" ? -1 : 1);
    if (index >= 0 && index < rows.length) {
      onDrop(row.dataset.id, index, rows.filter(r => r !== row).map(r => r.dataset.id));
    }
  });

  list.addEventListener("pointermove", move);
  list.addEventListener("pointerup", e => end(e, false));
  list.addEventListener("pointercancel", e => end(e, true));
}
