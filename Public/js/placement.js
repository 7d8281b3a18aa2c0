// Where a dragged layer lands: turns "dropped between these two rows of the top → bottom
// list" into the group (slot or main stack) and position the server's /move understands.
// Rows are GET /layers entries ({id, type, source, slot, visibility}).

/**
 * `list` is the panel's rows top → bottom *without* the dragged row; the drop goes before
 * list[index] (index = list.length: at the bottom). Returns {slot, position} or null when the
 * drop has no valid place. The rows' group decides: slot members are listed just above their
 * slot marker, so a drop between a member and its marker means "bottom of that slot"; a slot
 * marker itself only moves within the main stack.
 */
export function dropPlacement(dragged, list, index) {
  if (dragged.type === "slot") {
    for (let j = index; j < list.length; j++) if (!list[j].slot) return { slot: null, position: { above: list[j].id } };
    for (let j = index - 1; j >= 0; j--) if (!list[j].slot) return { slot: null, position: { below: list[j].id } };
    return null;
  }
  const below = list[index], above = list[index - 1];
  if (below) {
    // Just above a slot marker: the slot's bottom when the row above is one of its members,
    // else the main stack right above the (empty) slot.
    if (below.type === "slot") {
      return above && above.slot === below.id ? { slot: below.id, position: { at: 0 } } : { slot: null, position: { above: below.id } };
    }
    return { slot: below.slot ?? null, position: { above: below.id } };
  }
  if (above) return { slot: above.slot ?? null, position: { below: above.id } };
  return null;
}

/** The layers of GET /layers (bottom → top) as the panel lists them: top → bottom. */
export function topDown(layers) { return [...layers].reverse(); }
