package fgc.plan;

import fgc.model.FactorKind;
import fgc.solver.EliminationKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * An {@link EliminationPlan} as the int tables the generated class runs through {@link
 * EliminationKernels} (layout there): what the emitter writes as constants, what the footprint
 * measures and what the plan digest covers, computed once in one place.
 */
public final class EliminationProgram {
  private final int[] info;
  private final int[] steps;
  private final int[] stepAt;
  private final int[] roots;
  private final int maxLevels;
  private final int maxAccesses;

  private EliminationProgram(
      int[] info, int[] steps, int[] stepAt, int[] roots, int maxLevels, int maxAccesses) {
    this.info = info;
    this.steps = steps;
    this.stepAt = stepAt;
    this.roots = roots;
    this.maxLevels = maxLevels;
    this.maxAccesses = maxAccesses;
  }

  /**
   * What {@link EliminationKernels#tables} reads: per operand its offset, digit sizes, aligned
   * lowest values and member factors.
   */
  public int[] info() {
    return info;
  }

  /** One block per step, then the children lists the blocks point into. */
  public int[] steps() {
    return steps;
  }

  /** Where each step's block starts in {@link #steps()}. */
  public int[] stepAt() {
    return stepAt;
  }

  /** The message offsets of the roots of the elimination forest. */
  public int[] roots() {
    return roots;
  }

  /** The most loop levels of a step (its workspace depth). */
  public int maxLevels() {
    return maxLevels;
  }

  /** The most tables and messages one step reads or writes. */
  public int maxAccesses() {
    return maxAccesses;
  }

  public static EliminationProgram of(EliminationPlan plan) {
    List<Integer> steps = new ArrayList<>();
    List<Integer> lists = new ArrayList<>();
    List<int[]> pending = new ArrayList<>(); // {position of a list pointer, its index into lists}
    int[] stepAt = new int[plan.stepCount()];
    List<Integer> roots = new ArrayList<>();
    int maxLevels = 0;
    int maxAccesses = 0;
    for (int t = 0; t < plan.stepCount(); t++) {
      EliminationPlan.Step step = plan.step(t);
      stepAt[t] = steps.size();
      int levels = block(plan, step, steps, lists, pending);
      maxLevels = Math.max(maxLevels, levels);
      maxAccesses = Math.max(maxAccesses, step.operands().length + 2 * step.groupCount() + 2);
      if (step.parent() < 0) {
        roots.add(step.messageOffset());
      }
    }
    // Children lists follow the blocks; their pointers are filled in now that the blocks' length is
    // known.
    int listStart = steps.size();
    steps.addAll(lists);
    for (int[] p : pending) {
      steps.set(p[0], listStart + p[1]);
    }
    return new EliminationProgram(
        tableInfo(plan), toArray(steps), stepAt, toArray(roots), maxLevels, maxAccesses);
  }

  /**
   * Appends step {@code step}'s block (layout in {@link EliminationKernels}); returns its loop
   * levels.
   */
  private static int block(
      EliminationPlan plan,
      EliminationPlan.Step step,
      List<Integer> out,
      List<Integer> lists,
      List<int[]> pending) {
    int[] sizes = step.sizes();
    int[] vars = step.vars();
    int k = 0;
    for (int d : sizes) {
      k += d > 1 ? 1 : 0;
    }
    int[] levels = new int[k];
    for (int j = 0, l = 0; j < sizes.length; j++) {
      if (sizes[j] > 1) {
        levels[l++] = j;
      }
    }
    int w = plan.layout().width();
    int lo = plan.layout().lo();
    out.add(step.messageOffset());
    out.add(step.variable() * w + plan.layout().variableLo(step.variable()) - lo);
    out.add(step.variable());
    out.add(k);
    out.add(step.parent() >= 0 ? 1 : 0);
    out.add(step.operands().length);
    out.add(step.groupCount());
    out.add(step.separatorEntries());
    out.add(sizes[sizes.length - 1]);
    for (int l = 0; l < k; l++) {
      int v = vars[levels[l]];
      out.add(sizes[levels[l]]);
      out.add(v * w + plan.layout().variableLo(v) - lo);
      out.add(v);
    }
    for (int op : step.operands()) {
      out.add(plan.operand(op).offset());
      addStrides(out, sizes, plan.operand(op).digits(), levels);
    }
    for (int g = 0; g < step.groupCount(); g++) {
      EliminationPlan.Group group = step.group(g);
      int[] members = group.members();
      boolean multi = group.combineOffset() >= 0;
      out.add(multi ? group.combineOffset() : plan.step(members[0]).messageOffset());
      out.add(multi ? 1 : 0);
      out.add(plan.step(members[0]).separatorEntries());
      if (multi) {
        pending.add(new int[] {out.size(), lists.size()});
        lists.add(members.length);
        for (int c : members) {
          lists.add(plan.step(c).messageOffset());
        }
      }
      out.add(0);
      addStrides(out, sizes, group.digits(), levels);
    }
    int[] separator = new int[sizes.length - 1];
    for (int j = 0; j < separator.length; j++) {
      separator[j] = j;
    }
    addStrides(out, sizes, separator, levels);
    return k;
  }

  /**
   * Per loop level, the stride of a row-major table over {@code digits} (ascending clique digits);
   * 0 where it has no digit.
   */
  private static void addStrides(List<Integer> out, int[] sizes, int[] digits, int[] levels) {
    int[] byDigit = new int[sizes.length];
    int stride = 1;
    for (int d = digits.length - 1; d >= 0; d--) {
      byDigit[digits[d]] = stride;
      stride *= sizes[digits[d]];
    }
    for (int level : levels) {
      out.add(byDigit[level]);
    }
  }

  private static int[] tableInfo(EliminationPlan plan) {
    List<Integer> info = new ArrayList<>();
    info.add(plan.operandCount());
    int lo = plan.layout().lo();
    for (int k = 0; k < plan.operandCount(); k++) {
      EliminationPlan.Operand op = plan.operand(k);
      int[] vars = plan.step(op.step()).vars();
      int[] digits = op.digits();
      info.add(op.offset());
      info.add(digits.length);
      for (int j : digits) {
        info.add(plan.layout().variableSize(vars[j]));
      }
      for (int j : digits) {
        info.add(plan.layout().variableLo(vars[j]) - lo);
      }
      info.add(op.memberCount());
      for (int m = 0; m < op.memberCount(); m++) {
        EliminationPlan.Member member = op.member(m);
        int kind = kernelKind(member.kind());
        info.add(kind);
        info.add(member.positions().length);
        for (int position : member.positions()) {
          info.add(position);
        }
        if (kind == EliminationKernels.TABLE) {
          info.add(member.weightOffset());
        } else if (kind == EliminationKernels.SUM) {
          info.add(member.target());
        }
      }
    }
    return toArray(info);
  }

  private static int kernelKind(FactorKind kind) {
    switch (kind) {
      case TABLE:
      case PRIOR:
        return EliminationKernels.TABLE;
      case ALLDIFF:
      case NEQ:
        return EliminationKernels.ALLDIFF;
      case EQ:
        return EliminationKernels.EQ;
      case SUM:
        return EliminationKernels.SUM;
      default:
        throw new IllegalArgumentException("no table for factor kind " + kind);
    }
  }

  private static int[] toArray(List<Integer> list) {
    return list.stream().mapToInt(Integer::intValue).toArray();
  }
}
