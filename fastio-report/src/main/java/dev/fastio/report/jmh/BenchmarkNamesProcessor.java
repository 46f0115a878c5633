package dev.fastio.report.jmh;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * Writes, for each concrete JMH benchmark class {@code Foo}, a class {@code Foo_} beside it that
 * names the benchmark and its methods as JMH names them in its results:
 * {@code Foo_.CLASS} (the full class name) and one constant per {@code @Benchmark} method, its
 * own or inherited ({@code Foo_.copyWithBuffer}). Claims refer to benchmarks through these
 * constants, so a claim cannot outlive a rename: renaming a method or class removes its constant
 * and the claim fails compilation. Constants, not method references, so that reading the claims
 * (the report) loads no benchmark class and needs no JMH on the class path.
 *
 * <p>Run it with JMH's own processor: list both in the compiler's {@code annotationProcessors}.
 */
@SupportedAnnotationTypes("*")
public final class BenchmarkNamesProcessor extends AbstractProcessor {
    /** JMH's annotation, by name: this module does not depend on JMH. */
    static final String BENCHMARK = "org.openjdk.jmh.annotations.Benchmark";

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        for (TypeElement type : ElementFilter.typesIn(round.getRootElements())) {
            write(type);
        }
        return false; // claims nothing: JMH's processor reads the same annotations
    }

    private void write(TypeElement type) {
        if (type.getKind() != ElementKind.CLASS || type.getModifiers().contains(Modifier.ABSTRACT)) {
            return; // JMH runs concrete classes only; an abstract base's methods are named through each subclass
        }
        List<String> methods = new ArrayList<>();
        for (Element m : ElementFilter.methodsIn(processingEnv.getElementUtils().getAllMembers(type))) {
            if (m.getAnnotationMirrors().stream().anyMatch(a -> a.getAnnotationType().toString().equals(BENCHMARK))) {
                methods.add(m.getSimpleName().toString());
            }
        }
        if (methods.isEmpty()) {
            return;
        }
        methods.sort(null);
        String pkg = ((PackageElement) processingEnv.getElementUtils().getPackageOf(type)).getQualifiedName().toString();
        String name = type.getSimpleName() + "_";
        StringBuilder s = new StringBuilder();
        if (!pkg.isEmpty()) {
            s.append("package ").append(pkg).append(";\n\n");
        }
        s.append("/** The benchmark methods of {@link ").append(type.getSimpleName())
                .append("}, as JMH names them; written by ").append(getClass().getName()).append(". */\n");
        s.append("public final class ").append(name).append(" {\n");
        s.append("    /** The benchmark class's full name. */\n");
        s.append("    public static final String CLASS = \"").append(type.getQualifiedName()).append("\";\n");
        for (String m : methods) {
            s.append("    /** {@link ").append(type.getSimpleName()).append('#').append(m).append("}. */\n");
            s.append("    public static final String ").append(m).append(" = \"").append(m).append("\";\n");
        }
        s.append("\n    private ").append(name).append("() {}\n}\n");
        try (Writer w = processingEnv.getFiler().createSourceFile(type.getQualifiedName() + "_", type).openWriter()) {
            w.write(s.toString());
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, "cannot write " + name + ": " + e, type);
        }
    }
}
